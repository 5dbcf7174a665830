/* A workload for perf script's srccode field: tests/data/fields/make-files.py maps it as
   /bench/loop; built without libc (see tests/data/fields/README.md). */
static volatile long sink;

static void step(long i)
{
	sink += i * i;
}

void _start(void)
{
	for (long i = 0;; i++) {
		step(i);
		if (i % 7 == 0)
			sink ^= i;
	}
}
