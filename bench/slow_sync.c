/* A slower disk for the benchmark's what-if (bench/slow_sync.py): every fsync and fdatasync of
 * a process started with this library in LD_PRELOAD does the real sync, then waits
 * SLOW_SYNC_US microseconds more. SQLite's own syncs (the floor's synchronous=FULL commits) and
 * Python's os.fdatasync (the store's group commit) both go through libc, so both are slowed
 * alike. Nothing of the app uses it: only `bench/run.py --sync-delay-ms` builds and loads it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static long added_nanoseconds(void) {
    static long nanoseconds = -1;
    if (nanoseconds < 0) {
        const char *text = getenv("SLOW_SYNC_US");
        nanoseconds = text ? atol(text) * 1000L : 0;
    }
    return nanoseconds;
}

static void wait_as_a_slower_disk(void) {
    long nanoseconds = added_nanoseconds();
    if (nanoseconds > 0) {
        struct timespec pause = {nanoseconds / 1000000000L, nanoseconds % 1000000000L};
        nanosleep(&pause, NULL);
    }
}

int fsync(int descriptor) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    int result = real(descriptor);
    wait_as_a_slower_disk();
    return result;
}

int fdatasync(int descriptor) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    int result = real(descriptor);
    wait_as_a_slower_disk();
    return result;
}
