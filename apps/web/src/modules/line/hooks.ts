import { useQuery } from '@tanstack/react-query';
import type {
  Contact,
  ContactBody,
  ContactReply,
  Faq,
  FaqBody,
  LineChannel,
  LineChannelBody,
  LineChannelTest,
  LineMessage,
  LineRoom,
  LineRoomBody,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite, type FormBody } from '../../components/mutations';
import { usePagedQuery, type Paged } from '../../components/paged-query';

/**
 * Customer service over LINE (docs/LINE.md): the channel, chat rooms and their conversation, FAQs,
 * contacts and replies answer questions about each other (a reply to a LINE contact is also a message
 * in its room; an unanswered question makes a contact and a pending FAQ), so every write refreshes all.
 */
export const lineKeys = {
  all: ['line'] as const,
  channels: () => [...lineKeys.all, 'channels'] as const,
  rooms: (q: Record<string, QueryValue>) => [...lineKeys.all, 'rooms', q] as const,
  roomOptions: () => [...lineKeys.all, 'room-options'] as const,
  messages: (roomId: number) => [...lineKeys.all, 'messages', roomId] as const,
  faqs: (q: Record<string, QueryValue>) => [...lineKeys.all, 'faqs', q] as const,
  contacts: (q: Record<string, QueryValue>) => [...lineKeys.all, 'contacts', q] as const,
  replies: (q: Record<string, QueryValue>) => [...lineKeys.all, 'replies', q] as const,
};

const LINE = [lineKeys.all];
/** Forms show these under their fields or in the dialog themselves. */
const FORM_ANSWERS = { silent: [400, 409] } as const;
/** Sending to LINE: a refused room (409) or LINE's refusal (502) is shown next to the reply box. */
const SEND_ANSWERS = { silent: [400, 409, 502] } as const;

/** How often an open conversation asks for new messages. */
export const LINE_POLL_MS = 4000;
/** How often the rooms list asks again (new chats, last messages). */
const ROOMS_POLL_MS = 10_000;

/* channel settings */

export function useLineChannels() {
  return useQuery({
    queryKey: lineKeys.channels(),
    queryFn: ({ signal }) => api.get<{ items: LineChannel[] }>('/line/channels', { signal }),
    select: (d) => d.items,
  });
}

export const useSaveLineChannel = resourceWrites<LineChannelBody, LineChannel>('/line/channels', LINE, FORM_ANSWERS).useSave;

/** "Test connection": the bot's name and this month's quota, or LINE's refusal (its status). */
export const useTestLineChannel = () =>
  useWrite((id: number) => api.post<LineChannelTest>(`/line/channels/${id}/test`, undefined, { silent: [409] }), []);

/** Ends the group's LINE service on a channel, or resumes it. */
export const useEndLineChannel = () =>
  useWrite(
    ({ id, ended }: { id: number; ended: boolean }) => api.post<LineChannel>(`/line/channels/${id}/${ended ? 'end' : 'resume'}`),
    LINE,
  );

/* chat rooms */

export const useLineRooms = (filters: Record<string, QueryValue>) =>
  usePagedQuery<LineRoom>(lineKeys.rooms, '/line/rooms', filters, { refetchMs: ROOMS_POLL_MS });

/** Every room of the group, for the FAQ's "LINE group" picker. */
export function useLineRoomOptions(enabled = true) {
  return useQuery({
    queryKey: lineKeys.roomOptions(),
    queryFn: ({ signal }) => api.get<Paged<LineRoom>>('/line/rooms', { signal, query: { pageSize: 500 }, auxiliary: true }),
    select: (d) => d.items,
    enabled,
  });
}

export const useSaveLineRoom = () =>
  useWrite(({ id, body }: { id: number; body: LineRoomBody }) => api.put<LineRoom>(`/line/rooms/${id}`, body), LINE);

/** The newest messages of a room (the API answers newest first), asked again every few seconds while open. */
export function useRoomMessages(roomId: number | null, pageSize: number) {
  return useQuery({
    queryKey: [...lineKeys.messages(roomId ?? 0), pageSize],
    queryFn: ({ signal }) => api.get<Paged<LineMessage>>(`/line/rooms/${roomId}/messages`, { signal, query: { pageSize }, loading: false }),
    enabled: roomId !== null,
    refetchInterval: LINE_POLL_MS,
  });
}

export const useSendRoomMessage = () =>
  useWrite(
    ({ roomId, text }: { roomId: number; text: string }) => api.post<LineMessage>(`/line/rooms/${roomId}/messages`, { text }, SEND_ANSWERS),
    LINE,
  );

/* FAQ */

export const useFaqs = (filters: Record<string, QueryValue>) => usePagedQuery<Faq>(lineKeys.faqs, '/line/faqs', filters);
const faqWrites = resourceWrites<FaqBody, Faq>('/line/faqs', LINE, FORM_ANSWERS);
export const useSaveFaq = faqWrites.useSave;
export const useDeleteFaq = faqWrites.useDelete;

/* contacts and replies */

export const useContacts = (filters: Record<string, QueryValue>) => usePagedQuery<Contact>(lineKeys.contacts, '/line/contacts', filters);
export const useSaveContact = resourceWrites<ContactBody, Contact>('/line/contacts', LINE, FORM_ANSWERS).useSave;

export const useReplies = (filters: Record<string, QueryValue>) => usePagedQuery<ContactReply>(lineKeys.replies, '/line/replies', filters);

export const useReplyContact = () =>
  useWrite(
    ({ contactId, body }: { contactId: number; body: FormBody<{ content: string }> }) =>
      api.post<ContactReply>(`/line/contacts/${contactId}/replies`, body, SEND_ANSWERS),
    LINE,
  );
