/**
 * The pieces that keep a push fan-out from monopolising the node, without a database: encryption in time
 * slices, a bound on devices in flight, usage written in few bounded statements, one VAPID signature per
 * push service, and chat bursts grouped into one push. Orderings are asserted, never durations.
 */
import { describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';

import { ConcurrencyLimit } from '../../src/modules/notifications/delivery/concurrency-limit';
import { PushCoalescer } from '../../src/modules/notifications/delivery/push-coalescer';
import { TimeSlicer } from '../../src/modules/notifications/delivery/time-slicer';
import { MAX_IDS_PER_STATEMENT, UsageRecorder } from '../../src/modules/notifications/delivery/usage-recorder';
import { VapidSigner } from '../../src/modules/notifications/delivery/vapid-signer';

/** Busy CPU work of about `ms` (what an encryption is, in miniature). */
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
};

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('TimeSlicer', () => {
  it('lets the event loop run other work between slices of queued CPU tasks', async () => {
    const slicer = new TimeSlicer(4);
    let done = 0;
    const all = Promise.all(
      Array.from({ length: 50 }, () =>
        slicer.run(() => {
          spin(1);
          done += 1;
        }),
      ),
    );
    // Scheduled after the tasks: it runs once the first slice yields, long before the last task.
    const seenBetween = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await all;
    expect(seenBetween).toBeGreaterThan(0);
    expect(seenBetween).toBeLessThan(50);
    expect(done).toBe(50);
  });

  it('answers each task with its own result or error; one failure does not stop the others', async () => {
    const slicer = new TimeSlicer(4);
    const results = await Promise.allSettled([
      slicer.run(() => 1),
      slicer.run(() => {
        throw new Error('bad key');
      }),
      slicer.run(() => 3),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('bad key') },
      { status: 'fulfilled', value: 3 },
    ]);
  });
});

describe('ConcurrencyLimit', () => {
  it('runs at most `limit` tasks at once and all of them in the end, failures included', async () => {
    const limit = new ConcurrencyLimit(3);
    let running = 0;
    let most = 0;
    const release = gate();
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limit.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await release.opened;
        running -= 1;
        if (i === 4) throw new Error('push service down');
        return i;
      }),
    );
    await vi.waitFor(() => expect(running).toBe(3));
    release.open();
    const outcomes = await Promise.allSettled(tasks);
    expect(most).toBe(3);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(9);
  });
});

describe('UsageRecorder', () => {
  it('writes what arrives while a statement runs in the next one, at most MAX_IDS_PER_STATEMENT each, and answers after its own', async () => {
    const writes: number[][] = [];
    const first = gate();
    const recorder = new UsageRecorder(async (ids) => {
      writes.push([...ids]);
      if (writes.length === 1) await first.opened;
    });
    const a = recorder.record([1, 2]);
    const b = recorder.record([3]);
    await vi.waitFor(() => expect(writes).toEqual([[1, 2, 3]]));
    // While the first statement runs: these wait together (and past the size bound, in more statements).
    const many = Array.from({ length: MAX_IDS_PER_STATEMENT + 10 }, (_, i) => 100 + i);
    let manyDone = false;
    const c = recorder.record(many).then(() => {
      manyDone = true;
    });
    expect(writes).toHaveLength(1);
    first.open();
    await Promise.all([a, b, c]);
    expect(manyDone).toBe(true);
    expect(writes.slice(1)).toEqual([many.slice(0, MAX_IDS_PER_STATEMENT), many.slice(MAX_IDS_PER_STATEMENT)]);
  });

  it('a failed statement fails only the records in it', async () => {
    let calls = 0;
    const recorder = new UsageRecorder(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
    });
    await expect(recorder.record([1])).rejects.toThrow('database down');
    await expect(recorder.record([2])).resolves.toBeUndefined();
  });
});

describe('VapidSigner', () => {
  it('signs once per push service origin and again after a while, with a token the service can check', () => {
    let now = Date.UTC(2026, 10, 27, 12);
    const signer = new VapidSigner(webpush.generateVAPIDKeys(), 'mailto:pruebas@jala.pe', () => now);
    const fcm = signer.authorization('https://fcm.googleapis.com/fcm/send/abc');
    expect(signer.authorization('https://fcm.googleapis.com/fcm/send/def')).toBe(fcm);
    const mozilla = signer.authorization('https://updates.push.services.mozilla.com/wpush/v2/xyz');
    expect(mozilla).not.toBe(fcm);
    const claims = (header: string) =>
      JSON.parse(Buffer.from(/t=[\w-]+\.([\w-]+)\./.exec(header)![1]!, 'base64url').toString()) as {
        aud: string;
        exp: number;
      };
    expect(claims(fcm).aud).toBe('https://fcm.googleapis.com');
    expect(claims(mozilla).aud).toBe('https://updates.push.services.mozilla.com');
    expect(claims(fcm).exp * 1000 - now).toBeLessThanOrEqual(24 * 3600_000);

    now += 2 * 3600_000;
    const renewed = signer.authorization('https://fcm.googleapis.com/fcm/send/abc');
    expect(renewed).not.toBe(fcm);
    expect(claims(renewed).exp).toBeGreaterThan(claims(fcm).exp);
  });
});

describe('PushCoalescer', () => {
  /** A queue the test runs by hand. */
  const manualQueue = () => {
    const jobs: (() => Promise<void>)[] = [];
    let accepting = true;
    return {
      jobs,
      accept: (yes: boolean) => {
        accepting = yes;
      },
      enqueue: (_name: string, job: () => Promise<void>) => (accepting ? (jobs.push(job), true) : false),
      runNext: () => jobs.shift()!(),
    };
  };

  it('queues one job per key; events arriving before or while it runs join the next push, counted from the first', async () => {
    const queue = manualQueue();
    const coalescer = new PushCoalescer<string>(queue.enqueue, 'chat');
    const sent: [string, string, number][] = [];
    const send = (key: string) => async (latest: string, count: number) => {
      sent.push([key, latest, count]);
    };
    coalescer.add('a', 'hola', send('a'));
    coalescer.add('a', '¿dónde estás?', send('a'));
    coalescer.add('b', 'ya voy', send('b'));
    expect(queue.jobs).toHaveLength(2);

    await queue.runNext();
    expect(sent).toEqual([['a', '¿dónde estás?', 2]]);
    await queue.runNext();
    expect(queue.jobs).toHaveLength(0);

    // One arrives while a's push is being sent: one more push after it, counting all three.
    const sending = gate();
    coalescer.add('a', 'llegué', async (latest, count) => {
      sent.push(['a', latest, count]);
      await sending.opened;
    });
    const running = queue.runNext();
    coalescer.add('a', 'estoy afuera', send('a'));
    expect(queue.jobs).toHaveLength(0);
    sending.open();
    await running;
    expect(queue.jobs).toHaveLength(1);
    await queue.runNext();
    expect(sent.slice(-2)).toEqual([
      ['a', 'llegué', 1],
      ['a', 'estoy afuera', 2],
    ]);
  });

  it('forgets a key whose job the full queue refused, so the next event is queued again', async () => {
    const queue = manualQueue();
    const coalescer = new PushCoalescer<string>(queue.enqueue, 'chat');
    const sent: [string, number][] = [];
    const send = async (latest: string, count: number) => {
      sent.push([latest, count]);
    };
    queue.accept(false);
    coalescer.add('a', 'perdido', send);
    expect(queue.jobs).toHaveLength(0);
    queue.accept(true);
    coalescer.add('a', 'hola', send);
    expect(queue.jobs).toHaveLength(1);
    await queue.runNext();
    expect(sent).toEqual([['hola', 1]]);
  });
});
