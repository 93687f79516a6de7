import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import type { TicketMessage } from '@paws/contracts/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { agentsQueryOptions } from '../api/get-agents';
import { ticketQueryOptions } from '../api/get-ticket';
import { ticketKeys } from '../api/keys';
import { acquireDeskSocket, type DeskSocket, type DeskStatus, releaseDeskSocket } from './desk-socket';

/** The shared desk socket and its state while the calling screen is open. */
export function useDeskSocket() {
  const [socket, setSocket] = useState<DeskSocket>();
  const [status, setStatus] = useState<{ status: DeskStatus; error: string | null }>({
    status: 'connecting',
    error: null,
  });
  useEffect(() => {
    const state = acquireDeskSocket();
    const update = () => setStatus({ status: state.status, error: state.error });
    state.listeners.add(update);
    update();
    setSocket(state.socket);
    return () => {
      state.listeners.delete(update);
      releaseDeskSocket(state);
    };
  }, []);
  const retry = useCallback(() => socket?.connect(), [socket]);
  return { socket, ...status, retry };
}

/** A changed ticket anywhere refreshes the queue, the agents' counts and that ticket if it is on screen. */
export function useQueueUpdates(socket: DeskSocket | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = new Set<string>();
    const onUpdated = ({ ticketId }: { ticketId: string }) => {
      changed.add(ticketId);
      // A burst of changes refreshes once.
      clearTimeout(timer);
      timer = setTimeout(() => {
        void client.invalidateQueries({ queryKey: [ticketKeys.queue] });
        void client.invalidateQueries({ queryKey: agentsQueryOptions().queryKey });
        for (const id of changed) void client.invalidateQueries({ queryKey: ticketKeys.ticket(id) });
        changed.clear();
      }, 250);
    };
    socket.on('ticketUpdated', onUpdated);
    return () => {
      clearTimeout(timer);
      socket.off('ticketUpdated', onUpdated);
    };
  }, [socket, client]);
}

/** How long a 'typing' from the player shows without news, and how long an agent's pause ends theirs. */
export const TYPING_SHOW_MS = 8000;
export const TYPING_IDLE_MS = 3000;

/**
 * Follow one ticket's chat: join it (again after every reconnect), add the messages, status changes and read
 * marks that arrive to the ticket on screen, show the player's typing, send ours and say we have read.
 */
export function useTicketChannel(socket: DeskSocket | undefined, ticketId: string) {
  const client = useQueryClient();
  const [playerTyping, setPlayerTyping] = useState(false);
  const [joined, setJoined] = useState(false);

  useEffect(() => {
    if (!socket) return;
    const key = ticketQueryOptions(ticketId).queryKey;
    const update = (change: (ticket: StaffTicketDetail) => StaffTicketDetail) =>
      client.setQueryData<StaffTicketDetail>(key, (ticket) => (ticket ? change(ticket) : ticket));
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const join = () =>
      socket.emit('join', ticketId, (ok) => {
        setJoined(ok);
        if (ok) {
          socket.emit('read', { ticketId });
          // Anything said while we were away.
          void client.invalidateQueries({ queryKey: key });
        }
      });
    const onMessage = (payload: { ticketId: string; message: TicketMessage }) => {
      if (payload.ticketId !== ticketId) return;
      update((ticket) =>
        ticket.messages.some((m) => m.id === payload.message.id)
          ? ticket
          : { ...ticket, messages: [...ticket.messages, payload.message] },
      );
      if (!payload.message.byManager) {
        setPlayerTyping(false);
        if (document.visibilityState !== 'hidden') socket.emit('read', { ticketId });
      }
      // The timers and the last message come from the server.
      void client.invalidateQueries({ queryKey: key });
    };
    const onStatus = (payload: { ticketId: string; status: StaffTicketDetail['status'] }) => {
      if (payload.ticketId !== ticketId) return;
      update((ticket) => ({ ...ticket, status: payload.status }));
      void client.invalidateQueries({ queryKey: key });
    };
    const onTyping = (payload: { ticketId: string; typing: boolean }) => {
      if (payload.ticketId !== ticketId) return;
      clearTimeout(typingTimer);
      setPlayerTyping(payload.typing);
      if (payload.typing) typingTimer = setTimeout(() => setPlayerTyping(false), TYPING_SHOW_MS);
    };
    const onRead = (payload: { ticketId: string; messageId: string }) => {
      if (payload.ticketId !== ticketId) return;
      update((ticket) => ({ ...ticket, playerReadMessageId: payload.messageId }));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && socket.connected) socket.emit('read', { ticketId });
    };
    socket.on('connect', join);
    socket.on('ticketMessage', onMessage);
    socket.on('ticketStatus', onStatus);
    socket.on('typing', onTyping);
    socket.on('read', onRead);
    document.addEventListener('visibilitychange', onVisible);
    if (socket.connected) join();
    return () => {
      clearTimeout(typingTimer);
      socket.off('connect', join);
      socket.off('ticketMessage', onMessage);
      socket.off('ticketStatus', onStatus);
      socket.off('typing', onTyping);
      socket.off('read', onRead);
      document.removeEventListener('visibilitychange', onVisible);
      if (socket.connected) socket.emit('leave', ticketId);
      setJoined(false);
      setPlayerTyping(false);
    };
  }, [socket, ticketId, client]);

  // Our own typing: on at the first key, off after a pause or when the reply goes.
  const typingRef = useRef<{ on: boolean; timer?: ReturnType<typeof setTimeout> }>({ on: false });
  const setTyping = useCallback(
    (typing: boolean) => {
      const state = typingRef.current;
      clearTimeout(state.timer);
      if (typing) state.timer = setTimeout(() => setTyping(false), TYPING_IDLE_MS);
      if (state.on === typing || !socket?.connected) {
        if (!socket?.connected) state.on = false;
        return;
      }
      state.on = typing;
      socket.emit('typing', { ticketId, typing });
    },
    [socket, ticketId],
  );
  useEffect(() => () => clearTimeout(typingRef.current.timer), []);

  return { joined, playerTyping, setTyping };
}
