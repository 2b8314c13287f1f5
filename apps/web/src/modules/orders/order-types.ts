import type { OrderStatus } from '@gasops/shared';

export type OrderListRow = {
  id: number;
  orderNo: string;
  orderDate: string;
  storeId: number;
  storeName: string;
  customerId: number | null;
  customerName: string | null;
  customerPhone: string | null;
  customerType: string | null;
  source: 'staff' | 'public' | 'mobile';
  status: OrderStatus;
  totalAmount: number;
  deliveryPersonId: number | null;
  deliveryPersonName: string | null;
  deliveryAt: string | null;
  preferredTime: string | null;
  deliveryAddress: string | null;
  gasWeightG: number;
  residualGasG: number;
  gasRefundAmount: number;
  monthlyBillId: number | null;
  cancelReason: string | null;
  remark: string | null;
};

export type OrderFull = OrderListRow & {
  gasUnitPrice: number;
  gasAmount: number;
  propaneUnitPrice: number;
  propaneWeightG: number;
  propaneAmount: number;
  propaneResidualG: number;
  propaneRefundAmount: number;
  productsAmount: number;
  servicesAmount: number;
  cylindersAmount: number;
  previousOrderId: number | null;
  previousOrderNo: string | null;
  previousUsageG: number | null;
  currentUsageG: number | null;
  currentRemainingG: number | null;
  previousRefundAmount: number;
  scaleDeviceId: string | null;
  contactName: string | null;
  contactPhone: string | null;
  products: { id: number; productId: number | null; productName: string; unitPrice: number; quantity: number; amount: number }[];
  services: { id: number; content: string; amount: number }[];
  cylinders: { id: number; kind: 'deposit' | 'return' | 'borrow' | 'repay'; opDate: string; gas: string; quantity: number; unitPrice: number; amount: number }[];
  payments: { id: number; postingDate: string; paymentType: 'cash' | 'bill'; cashAmount: number; billAmount: number; billNumber: string | null; invoiceNumber: string | null }[];
};

export type Quote = {
  pricePerKg: number;
  minRefundGrams: number;
  customer: { id: number; name: string; type: string; address: string | null; phone: string | null; gasPrice: number | null } | null;
  previous: { id: number; orderNo: string; orderDate: string; deliveredG: number; usageG: number | null; refundAmount: number } | null;
};

export const STATUS_COLORS: Record<OrderStatus, string> = {
  placed: 'blue',
  not_delivered: 'gold',
  delivering: 'orange',
  completed: 'green',
  payment_posted: 'cyan',
  cancelled: 'default',
};
