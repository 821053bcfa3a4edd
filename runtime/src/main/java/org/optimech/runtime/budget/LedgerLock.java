package org.optimech.runtime.budget;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * The exclusive lock of a ledger file, held while a charge reads the file, decides and rewrites it, so that ledgers in several
 * processes (or several ledgers on one file in one process) never lose each other's charges. The lock is taken on a sibling
 * file {@code FILE.lock}, not on the ledger itself: the ledger is replaced by an atomic move, which would leave a lock on the
 * old file behind. A waiter polls for at most the given time, then fails naming the lock file.
 */
final class LedgerLock {
    /** What the locked work does. */
    interface Work<T> {
        T run() throws IOException;
    }

    private LedgerLock() {
    }

    /** The lock file of a ledger file. */
    static Path lockFile(Path ledgerFile) {
        return ledgerFile.resolveSibling(ledgerFile.getFileName() + ".lock");
    }

    /**
     * Runs {@code work} holding the ledger file's lock.
     *
     * @throws java.io.UncheckedIOException (an {@link IOException} inside) when the lock is not free within {@code wait}, naming
     *     the lock file, or when the lock file cannot be opened
     */
    static <T> T holding(Path ledgerFile, Duration wait, Work<T> work) throws IOException {
        Path lock = lockFile(ledgerFile);
        long deadline = System.nanoTime() + wait.toNanos();
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            while (true) {
                FileLock held = null;
                try {
                    held = channel.tryLock();
                } catch (OverlappingFileLockException e) {
                    held = null; // another ledger object in this JVM holds it: wait like any other holder
                }
                if (held != null) {
                    try (FileLock l = held) {
                        return work.run();
                    }
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new IOException("the ledger " + ledgerFile + " is locked by another writer (lock file " + lock + ") and was not released within "
                            + wait.toMillis() + " ms; if no other process uses the ledger, a crashed one may still hold it: check, then retry");
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for the lock of the ledger " + ledgerFile + " (" + lock + ")", e);
                }
            }
        }
    }
}
