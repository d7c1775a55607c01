// One process per PGlite folder: a lock the operating system releases when its holder dies (a listening socket), so a second API refuses to start and a crashed one never strands the folder.
import { createHash, randomBytes } from "node:crypto";
import { lstat, mkdir, open, readdir, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { setTimeout } from "node:timers/promises";

/** The folder inside the data folder that holds the lock sockets. */
export const LOCK_FOLDER_NAME = "acp-lock";

/** The pid-file lock this one replaced; it is removed once the folder is held, since nothing reads it any more. */
const LEGACY_LOCK_FILE_NAME = "acp-process.lock";

/**
 * A socket that refuses connections is dead: its process closed it or died. Only ones at least this old are deleted,
 * so a contender between bind() and listen() (microseconds) never loses its file; younger dead ones are just ignored.
 */
const DEAD_SOCKET_REMOVAL_AGE_MS = 10_000;

/** Elections before a refusal is final (see lockDataDir). */
const ELECTION_ATTEMPTS = 4;

/** Linux allows 108 bytes in a socket path including the final NUL, macOS 104: past this, bind through /proc. */
const MAX_SOCKET_PATH_BYTES = 103;

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | undefined,
  ) {
    super(
      `The PGlite data folder ${dataDir} is already in use by another API process${ownerPid === undefined ? "" : ` (pid ${ownerPid})`}. ` +
        "PGlite allows one process per folder: a second one would silently lose acknowledged writes. " +
        "Stop the other process, point DATA_DIR at another folder, or use PostgreSQL (DATABASE_URL) to run several.",
    );
  }
}

type Release = () => Promise<void>;

/**
 * Takes the folder's lock or throws DataDirInUseError. The holder listens on a Unix socket in `<folder>/acp-lock`;
 * the kernel closes it when the process ends however it ends (kill -9, a zombie not yet reaped), so a dead holder
 * never blocks a restart, and a reused pid means nothing. Returns the release function (close the database first).
 */
export async function lockDataDir(dataDir: string): Promise<Release> {
  const folder = path.resolve(dataDir);
  if (process.platform === "win32") return lockWithNamedPipe(folder);
  const lockFolder = path.join(folder, LOCK_FOLDER_NAME);
  await mkdir(lockFolder, { recursive: true });
  // A path too long for a socket address is reached through /proc/self/fd/<fd>/<name> (Linux). The folder stays
  // open while the lock is held: closing the socket deletes its file by the address it was bound to.
  const tooLong = Buffer.byteLength(path.join(lockFolder, LONGEST_SOCKET_NAME)) > MAX_SOCKET_PATH_BYTES;
  if (tooLong && process.platform !== "linux") {
    throw new Error(
      `The PGlite data folder path ${folder} is too long for its lock socket (at most ${MAX_SOCKET_PATH_BYTES - Buffer.byteLength(`/${LOCK_FOLDER_NAME}/${LONGEST_SOCKET_NAME}`)} bytes on this system): point DATA_DIR at a shorter path.`,
    );
  }
  const directory = tooLong ? await open(lockFolder, "r") : undefined;
  const address = (name: string) =>
    directory ? `/proc/self/fd/${directory.fd}/${name}` : path.join(lockFolder, name);
  let release: Release | undefined;
  try {
    // Contenders starting at the same moment can each see the other and all withdraw; after a random pause one of
    // them wins. A live holder makes every attempt fail, which costs a genuine second process about half a second.
    for (let attempt = 1; !release; attempt++) {
      try {
        release = await elect(folder, lockFolder, address);
      } catch (error) {
        if (!(error instanceof DataDirInUseError) || attempt === ELECTION_ATTEMPTS) throw error;
        await setTimeout(50 + Math.random() * 150);
      }
    }
  } catch (error) {
    await directory?.close();
    throw error;
  }
  await rm(path.join(folder, LEGACY_LOCK_FILE_NAME), { force: true });
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      await release();
    } finally {
      await directory?.close();
    }
  };
}

const SOCKET_NAME = /^(\d+)-[0-9a-f]{8}\.sock$/;
const LONGEST_SOCKET_NAME = "4294967295-00000000.sock";

/** `<pid>-<random>.sock`: unique, so a contender only ever deletes a dead socket, never one a live process uses. */
function socketName(pid: number): string {
  return `${pid}-${randomBytes(4).toString("hex")}.sock`;
}

/** The pid a socket's name carries: who to name in the error. */
function pidOf(name: string): number | undefined {
  const pid = SOCKET_NAME.exec(name)?.[1];
  return pid === undefined ? undefined : Number(pid);
}

/**
 * Every contender listens on a socket of its own, then looks at the others: it holds the folder only if no other
 * socket accepts a connection, otherwise it withdraws. Of two contenders, the one that looks last sees the other
 * listening, so at most one holds the folder, with no window where a stale lock is deleted under a new holder.
 */
async function elect(
  folder: string,
  lockFolder: string,
  address: (name: string) => string,
): Promise<Release> {
  const own = socketName(process.pid);
  const server = net.createServer((connection) => connection.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(address(own), () => {
      server.off("error", reject);
      resolve();
    });
  });
  // The lock must not keep an otherwise finished process alive; the kernel accepts connections for it regardless.
  server.unref();
  const withdraw = () => new Promise<void>((resolve) => server.close(() => resolve()));
  try {
    const others = (await readdir(lockFolder)).filter((name) => name !== own && SOCKET_NAME.test(name));
    for (const name of others) {
      if (await accepts(address(name))) throw new DataDirInUseError(folder, pidOf(name));
    }
    // Housekeeping: sockets of holders that died long ago (kill -9 leaves the file, the kernel only closes it).
    for (const name of others) {
      const file = path.join(lockFolder, name);
      const stats = await lstat(file).catch(() => undefined);
      if (stats && Date.now() - stats.mtimeMs > DEAD_SOCKET_REMOVAL_AGE_MS) await rm(file, { force: true });
    }
  } catch (error) {
    // Closing a listening Unix socket also deletes its file (libuv unlinks it).
    await withdraw();
    throw error;
  }
  return withdraw;
}

/**
 * Whether a live process listens on the socket. Refused or gone means dead; any other failure (a full backlog,
 * a socket of another user we may not open) counts as alive, since refusing to start is the safe mistake.
 */
function accepts(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect(socketPath);
    connection.once("connect", () => {
      connection.destroy();
      resolve(true);
    });
    connection.once("error", (error: NodeJS.ErrnoException) => {
      resolve(error.code !== "ECONNREFUSED" && error.code !== "ENOENT" && error.code !== "ENOTSOCK");
    });
  });
}

/**
 * Windows has no Unix socket files but named pipes, which leave nothing behind: the pipe's name is the lock, and a
 * second listener gets EADDRINUSE while the first process lives. The holder's pid is not known there.
 */
async function lockWithNamedPipe(folder: string): Promise<Release> {
  const name = `\\\\.\\pipe\\acp-pglite-${createHash("sha256").update(folder.toLowerCase()).digest("hex")}`;
  const server = net.createServer((connection) => connection.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new DataDirInUseError(folder, undefined) : error),
    );
    server.listen(name, () => resolve());
  });
  server.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
