/* Asks the time in a loop for SECONDS (default 1): on Linux the calls run in the vdso, so a
 * profile of it has samples there (tests/e2e/vdso_symbols.sh). */
#include <stdlib.h>
#include <time.h>
#include <sys/time.h>

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1.0;
	struct timespec start, now;
	struct timeval tv;
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		gettimeofday(&tv, NULL);
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while ((double)(now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9 < secs);
	return 0;
}
