import type { DemoSeed } from '../../platform/demo.js';
import { cylinderHandlingSites } from './system.schema.js';

/** Filling and inspection stations around the demo stores (names and addresses are invented). */
export const seedSystemDemo: DemoSeed = async (tx) => {
  await tx.insert(cylinderHandlingSites).values([
    { code: 'FILL-NTP01', name: '新北液化石油氣分裝場', type: 'filling', address: '新北市五股區五權路 18 號', phone: '02-2299-1001' },
    { code: 'FILL-TPE01', name: '台北北投分裝場', type: 'filling', address: '台北市北投區大業路 600 號', phone: '02-2891-2002' },
    { code: 'INSP-TY01', name: '桃園容器檢驗場', type: 'inspection', address: '桃園市龜山區文化一路 35 號', phone: '03-328-3003' },
    { code: 'BOTH-KL01', name: '基隆分裝暨檢驗場', type: 'both', address: '基隆市七堵區工建西路 9 號', phone: '02-2451-4004' },
  ]);
};
