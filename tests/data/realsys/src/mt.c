/* mt: four threads sorting random arrays with libc's qsort (real libc frames, inlined
 * msort_with_tmp), for the real-system corpus. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static void *work(void *arg) {
  unsigned seed = (unsigned)(long)arg; long s = 0;
  for (int r = 0; r < 15; r++) {
    int n = 50000, *v = malloc(n * sizeof *v);
    for (int i = 0; i < n; i++) v[i] = rand_r(&seed) & 0xffff;
    qsort(v, n, sizeof *v, cmp);
    char buf[32]; s += snprintf(buf, sizeof buf, "%d", v[n / 3]);
    free(v);
  }
  return (void *)s;
}
int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++) pthread_create(&t[i], 0, work, (void *)i);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  puts("done");
  return 0;
}
