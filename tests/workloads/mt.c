/* mt: multi-threaded workload.  Each thread recurses to a thread-specific
 * depth (8 + 4*id), then alternates syscalls (kernel time under a deep user
 * stack) and user-space spinning.  Based on
 * tests/data/perf7.2-defer/src/mt.c.
 * Usage: mt [NTHREADS [ITERS]]  (defaults 4 and 250, about 0.3 s wall on 2 CPUs).
 * Build: see build.sh (static, -pthread -O1 -g -fno-omit-frame-pointer -fno-inline).
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile unsigned long sink;
static int fd;
static int iters = 250;

__attribute__((noinline)) static void burn(int n)
{
	for (int i = 0; i < n; i++)
		sink += (unsigned long)(i ^ n);
}

__attribute__((noinline)) static void sys_heavy(void)
{
	char b[4096];
	for (int i = 0; i < 50; i++) {
		(void)!read(fd, b, sizeof b);
		(void)!write(1, "", 0);
	}
}

__attribute__((noinline)) static void leaf_a(void) { sys_heavy(); burn(30000); }
__attribute__((noinline)) static void leaf_b(void) { burn(60000); sys_heavy(); }

__attribute__((noinline)) static void recurse(int d, int which)
{
	if (d == 0) {
		if (which & 1)
			leaf_a();
		else
			leaf_b();
		return;
	}
	recurse(d - 1, which);
	sink++; /* not a tail call */
}

static void *worker(void *arg)
{
	long id = (long)arg;
	for (int i = 0; i < iters; i++)
		recurse(8 + (int)id * 4, (int)id + i);
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	if (argc > 2)
		iters = atoi(argv[2]);
	if (n < 1)
		n = 1;
	if (n > 16)
		n = 16;
	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0) {
		perror("/dev/zero");
		return 1;
	}
	pthread_t t[16];
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], 0, worker, (void *)i);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], 0);
	printf("mt done %lu\n", sink);
	return 0;
}
