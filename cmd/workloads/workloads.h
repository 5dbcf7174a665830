/* perf's built-in test workloads (`perf test -w NAME [ARGS]`), which upstream's shell tests
 * profile and whose function names they look up in the perf binary (`perf test -vv -F
 * Symbols`). C, so that the names in the symbol table are exactly these. Each takes the
 * arguments after its name and returns the exit status. */
#ifndef CPERF_WORKLOADS_H
#define CPERF_WORKLOADS_H
#ifdef __cplusplus
extern "C" {
#endif

int noploop(int argc, const char **argv);    /* [SECONDS=1]: an empty loop */
int thloop(int argc, const char **argv);     /* [SECONDS=1] [THREADS=2]: test_loop in threads */
void *thfunc(void *arg);                     /* a worker thread: test_loop */
void test_loop(void);
int leafloop(int argc, const char **argv);   /* [SECONDS=1]: parent -> child -> leaf */
int sqrtloop(int argc, const char **argv);   /* [SECONDS=1]: a loop over sqrt() */
int inlineloop(int argc, const char **argv); /* [SECONDS=1]: inlined helpers */

/* Raises SIGALRM after secs seconds (fractions allowed). */
void workload_alarm(double secs);

#ifdef __cplusplus
}
#endif
#endif
