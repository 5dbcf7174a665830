/* jit: runs machine code it writes into an anonymous executable mapping, as JIT compilers
 * (Node, Java, .NET, LuaJIT) do, and describes it in /tmp/perf-PID.map (perf's map file:
 * "START SIZE name" per line, hex) unless given "nomap". Usage: jit [ITERS [nomap]]
 * (default 300: about 0.3 s). x86-64 only; elsewhere it exits with status 77. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char** argv) {
#if defined(__x86_64__)
  /* jit_spin(n): mov rax, rdi; 1: dec rax; jnz 1b; ret */
  static const unsigned char code[] = {0x48, 0x89, 0xf8, 0x48, 0xff, 0xc8, 0x75, 0xfb, 0xc3};
  long iters = argc > 1 ? atol(argv[1]) : 300;
  int write_map = !(argc > 2 && strcmp(argv[2], "nomap") == 0);
  unsigned char* mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return 1;
  memcpy(mem, code, sizeof code);
  if (write_map) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/perf-%d.map", (int)getpid());
    FILE* f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "%lx %zx jit_spin\n", (unsigned long)(uintptr_t)mem, sizeof code);
    fclose(f);
  }
  long (*spin)(long) = (long (*)(long))(void*)mem;
  for (long i = 0; i < iters; i++) spin(1000000);
  printf("jit done\n");
  return 0;
#else
  (void)argc;
  (void)argv;
  return 77;
#endif
}
