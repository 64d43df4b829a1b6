import type { MediaKind, MediaStreamInfo } from '@belfry/protocol';

/** SDP of one side of a peer connection, as the browser and Janus exchange it. */
export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}

/** One stream a user may receive: a publisher's audio or video. */
export interface StreamKey {
  userId: string;
  kind: MediaKind;
}

export const keyOf = ({ userId, kind }: StreamKey): string => `${kind}:${userId}`;

/** An offer for the receiving connection, with what each of its m-lines carries. */
export interface ReceiveOffer {
  jsep: Jsep;
  streams: MediaStreamInfo[];
}

/**
 * One user's connections to the SFU: what the room logic (rooms.ts) asks of the media engine. The
 * room decides what may flow; the SFU only carries it.
 */
export interface SfuPeer {
  /** Publishes the browser's offer; the kinds it carries come back with the answer. */
  publish(
    offer: Jsep,
    send: { audio: boolean; video: boolean },
  ): Promise<{ answer: Jsep; audio: boolean; video: boolean }>;
  /** Relays (or stops relaying) one published kind to every subscriber. */
  setSending(kind: MediaKind, send: boolean): Promise<void>;
  unpublish(): Promise<void>;
  /**
   * Makes the receiving connection carry exactly these streams (those published now); the offer the
   * browser must answer, or null when the connection did not change.
   */
  receive(streams: readonly StreamKey[]): Promise<ReceiveOffer | null>;
  /** The browser's answer to the last offer. */
  answer(jsep: Jsep): Promise<void>;
  close(): Promise<void>;
}

export interface Sfu {
  /** `offered` hears offers the SFU makes by itself later (a received publisher went away). */
  join(roomId: string, userId: string, offered: (offer: ReceiveOffer) => void): Promise<SfuPeer>;
  /** Hears when a room's live publishers change (a publisher's connection came up or went). */
  onPublishersChanged(listener: (roomId: string) => void): () => void;
  /** Whether a user publishes a kind in a room now (their connection is up). */
  publishes(roomId: string, userId: string, kind: MediaKind): boolean;
  closeRoom(roomId: string): Promise<void>;
  /** The media engine's process, for the health figures (its CPU counts in the load). */
  readonly pid: number | null;
  stop(): Promise<void>;
}
