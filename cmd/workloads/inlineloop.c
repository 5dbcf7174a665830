/* inlineloop: `perf test -w inlineloop [SECONDS]` spins in a function with two always_inline
 * helpers, so that profiles show inline frames: upstream's addr2line_inlines.sh expects the
 * inlined helpers' source lines in the 20s and the outer function's in the 30s of this file,
 * which is why the code below sits where it does. */
#include <signal.h>
#include <stdlib.h>
#include <sys/time.h>

#include "workloads.h"

static volatile sig_atomic_t inlineloop_done;
static volatile int inlineloop_sink;

static void inlineloop_stop(int sig) { (void)sig; inlineloop_done = 1; }

/* Keep the lines where they are: the helpers' bodies in the 20s, the call in the 30s. */

static inline __attribute__((always_inline)) int leaf(int x)
{
	return x * 3 + (x >> 2);                 /* in the 20s: the innermost line */
}

static inline __attribute__((always_inline)) int middle(int x)
{
	return leaf(x) ^ (x << 1);               /* in the 20s: leaf inlined here */
}

static __attribute__((noinline)) int parent(int x)
{
	int s = 0;
	for (int i = 0; i < 1000; i++)
		s += middle(x + i);              /* in the 30s: middle inlined here */
	return s;
}

int inlineloop(int argc, const char **argv)
{
	double secs = argc > 0 ? atof(argv[0]) : 1.0;
	signal(SIGALRM, inlineloop_stop);
	workload_alarm(secs);
	while (!inlineloop_done)
		inlineloop_sink = parent(inlineloop_sink);
	return 0;
}
