/**
 * Runs grades one at a time for --watch. A request while no grade runs starts one; requests while
 * one runs (however many saves) queue exactly one more, which starts when it ends and so reads the
 * files as they are then, the latest. `whenIdle` resolves once nothing runs or waits.
 */
export function createGradeQueue({
  grade,
  onFinished = () => {},
}: {
  /** One grade of the lab as it is on disk when it starts. */
  grade: () => Promise<unknown>;
  /** Called after each grade, e.g. to say the watch goes on. */
  onFinished?: () => void;
}): {
  /** Asks for a grade; `announce` is called just before the grade that answers it starts. */
  request(announce?: () => void): void;
  whenIdle(): Promise<void>;
} {
  let running: Promise<void> | undefined;
  /** The announcement of the one grade waiting, when one waits. */
  let queued: (() => void) | undefined;

  const start = async (announce: () => void): Promise<void> => {
    announce();
    await grade();
    onFinished();
    const next = queued;
    queued = undefined;
    if (next) await start(next);
  };

  return {
    request(announce = () => {}) {
      if (running) {
        queued = announce;
        return;
      }
      running = start(announce).finally(() => {
        running = undefined;
      });
    },
    async whenIdle() {
      while (running) await running;
    },
  };
}
