/* record-timeit: runs a command and appends its wall time, in microseconds, to a file.
 *   record-timeit OUTFILE CMD [ARG...]
 * Exits with the command's status. Built static by record-overhead.sh, so that wrapping a
 * profiled workload in it adds one tiny process and no shared-library maps to the recording.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: record-timeit OUTFILE CMD [ARG...]\n");
		return 2;
	}
	long long start = now_us();
	pid_t pid = fork();
	if (pid < 0) {
		perror("fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	int status = 0;
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		return 127;
	}
	long long took = now_us() - start;
	FILE *f = fopen(argv[1], "a");
	if (!f) {
		perror(argv[1]);
		return 127;
	}
	fprintf(f, "%lld\n", took);
	fclose(f);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
