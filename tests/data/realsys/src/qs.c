/* qs: qsort, malloc, snprintf, an always_inline helper and a constprop-able clone,
 * for the real-system corpus. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmp(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
static inline __attribute__((always_inline)) void fill(int *v, int n, unsigned *seed) {
  for (int i = 0; i < n; i++) v[i] = rand_r(seed);
}
__attribute__((noinline)) static long scaled(long x, int k) { return x * k + (x >> 3); }
int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 40, n = 100000;
  unsigned seed = 1; long sum = 0;
  for (int r = 0; r < rounds; r++) {
    int *v = malloc(n * sizeof *v);
    fill(v, n, &seed);
    qsort(v, n, sizeof *v, cmp);
    char buf[64]; snprintf(buf, sizeof buf, "%d", v[n / 2]);
    sum += scaled(strlen(buf), 3);
    free(v);
  }
  printf("%ld\n", sum);
  return 0;
}
