/* noploop, thloop, leafloop, sqrtloop: CPU-bound loops for `perf test -w`, each running until
 * an alarm after its SECONDS argument (default 1). */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdlib.h>
#include <sys/time.h>

#include "workloads.h"

static volatile sig_atomic_t done;
static volatile unsigned long sink;

static void stop(int sig) { (void)sig; done = 1; }

void workload_alarm(double secs)
{
	struct itimerval t = {{0, 0}, {0, 0}};
	if (secs <= 0) secs = 0.001;
	t.it_value.tv_sec = (time_t)secs;
	t.it_value.tv_usec = (suseconds_t)((secs - (double)(time_t)secs) * 1e6);
	setitimer(ITIMER_REAL, &t, NULL);
}

static double seconds(int argc, const char **argv) { return argc > 0 ? atof(argv[0]) : 1.0; }

int noploop(int argc, const char **argv)
{
	/* perf 7.2 names this workload's thread, and its tests look for the name (perf sched). */
	prctl(PR_SET_NAME, "perf-noploop");
	signal(SIGALRM, stop);
	workload_alarm(seconds(argc, argv));
	while (!done)
		sink++;
	return 0;
}

__attribute__((noinline)) void test_loop(void)
{
	while (!done)
		sink++;
}

/* The worker threads' own function (tests look for it above test_loop in unwound stacks). */
__attribute__((noinline)) void *thfunc(void *arg)
{
	(void)arg;
	test_loop();
	return NULL;
}

int thloop(int argc, const char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2;
	pthread_t th[64];
	if (n < 1) n = 1;
	if (n > 64) n = 64;
	signal(SIGALRM, stop);
	workload_alarm(seconds(argc, argv));
	for (int i = 1; i < n; i++)
		pthread_create(&th[i], NULL, thfunc, NULL);
	test_loop();
	for (int i = 1; i < n; i++)
		pthread_join(th[i], NULL);
	return 0;
}

__attribute__((noinline)) static int leaf(int x) { return x * 7 + 1; }
__attribute__((noinline)) static int child(int x) { return leaf(x) + 3; }
__attribute__((noinline)) static int parent(int x) { return child(x) ^ x; }

int leafloop(int argc, const char **argv)
{
	signal(SIGALRM, stop);
	workload_alarm(seconds(argc, argv));
	while (!done)
		sink += (unsigned long)parent((int)sink);
	return 0;
}

int sqrtloop(int argc, const char **argv)
{
	double s = 0;
	signal(SIGALRM, stop);
	workload_alarm(seconds(argc, argv));
	while (!done)
		s += sqrt((double)(sink++ & 0xffff));
	return s < 0;
}
