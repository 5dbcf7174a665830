/* deep: single-threaded workload with a deep, frame-pointer-walkable user stack.
 *
 * main -> level(24) -> level(23) -> ... -> level(0) -> { do_syscalls, spin }
 *
 * do_syscalls() puts time in the kernel (read of /dev/zero, getppid) under a
 * deep user stack; spin() burns user-space CPU.  Based on
 * tests/data/perf7.2-defer/src/deep.c (same call shape, so profiles of both
 * look alike).  Usage: deep [ITERS]  (default 2000, about 0.25 s).
 * Build: see build.sh (static, -O1 -g -fno-omit-frame-pointer -fno-inline).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void spin(int n)
{
	for (int i = 0; i < n; i++)
		sink += (unsigned long)i * i;
}

__attribute__((noinline)) static void do_syscalls(int fd)
{
	char buf[256];
	for (int i = 0; i < 200; i++) {
		(void)!read(fd, buf, sizeof buf);
		getppid();
	}
}

__attribute__((noinline)) static void level(int depth, int fd)
{
	if (depth == 0) {
		do_syscalls(fd);
		spin(20000);
		return;
	}
	level(depth - 1, fd);
	sink++; /* not a tail call: keeps every frame on the stack */
}

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 2000;
	int fd = open("/dev/zero", O_RDONLY);
	if (fd < 0) {
		perror("/dev/zero");
		return 1;
	}
	for (int i = 0; i < iters; i++)
		level(24, fd);
	printf("done %lu\n", sink);
	return 0;
}
