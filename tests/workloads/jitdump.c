/* jitdump: runs two functions it compiles into an anonymous executable mapping and describes
 * them in a jitdump file (DIR/jit-PID.dump, the format JITs write for `perf inject -j`:
 * Java's jvmti agent, Node --perf-prof, .NET), which it maps executable so that a recording
 * sees the marker mmap. Timestamps are CLOCK_MONOTONIC: record with -k mono.
 * Usage: jitdump [ITERS [DIR]] (default 300, /tmp). x86-64 only; elsewhere it exits 77. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static uint64_t now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__)
struct header {
  uint32_t magic, version, total_size, elf_mach, pad1, pid;
  uint64_t timestamp, flags;
};
struct code_load {
  uint32_t id, total_size;
  uint64_t timestamp;
  uint32_t pid, tid;
  uint64_t vma, code_addr, code_size, code_index;
};

static void write_load(FILE* f, const char* name, const void* code, size_t size, uint64_t index) {
  struct code_load r = {0, 0, now(), (uint32_t)getpid(), (uint32_t)syscall(SYS_gettid),
                        (uint64_t)(uintptr_t)code, (uint64_t)(uintptr_t)code, size, index};
  r.total_size = (uint32_t)(sizeof r + strlen(name) + 1 + size);
  fwrite(&r, sizeof r, 1, f);
  fwrite(name, strlen(name) + 1, 1, f);
  fwrite(code, size, 1, f);
}
#endif

int main(int argc, char** argv) {
#if defined(__x86_64__)
  /* spin(n): mov rax, rdi; 1: dec rax; jnz 1b; ret */
  static const unsigned char code[] = {0x48, 0x89, 0xf8, 0x48, 0xff, 0xc8, 0x75, 0xfb, 0xc3};
  long iters = argc > 1 ? atol(argv[1]) : 300;
  const char* dir = argc > 2 ? argv[2] : "/tmp";
  char path[4096];
  snprintf(path, sizeof path, "%s/jit-%d.dump", dir, (int)getpid());
  FILE* f = fopen(path, "w+");
  if (!f) return 1;
  struct header h = {0x4A695444, 1, sizeof h, 62 /* EM_X86_64 */, 0, (uint32_t)getpid(), now(), 0};
  fwrite(&h, sizeof h, 1, f);
  fflush(f);
  /* the marker: perf finds the dump by this executable mapping of it */
  void* marker = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fileno(f), 0);
  if (marker == MAP_FAILED) return 1;
  unsigned char* mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return 1;
  memcpy(mem, code, sizeof code);
  memcpy(mem + 64, code, sizeof code);
  write_load(f, "jit_spin_a", mem, sizeof code, 1);
  write_load(f, "jit_spin_b", mem + 64, sizeof code, 2);
  fclose(f);
  long (*a)(long) = (long (*)(long))(void*)mem;
  long (*b)(long) = (long (*)(long))(void*)(mem + 64);
  for (long i = 0; i < iters; i++) {
    a(1000000);
    b(500000);
  }
  printf("jitdump done\n");
  return 0;
#else
  (void)argc;
  (void)argv;
  (void)now;
  return 77;
#endif
}
