// The length of the x86 instruction at the start of some code bytes, as perf's x86 decoder
// finds it when `script` prints a sample's instruction (its insn and insnlen fields): legacy
// and REX prefixes, the one-byte, 0F, 0F38 and 0F3A maps, VEX, EVEX and XOP, ModRM, SIB,
// displacement and immediate. 0 when the bytes do not hold a whole, valid instruction (as perf
// then shows none). Our own decoder: capstone 4, as Debian ships it, knows no AVX-512 mask
// instructions (kmovd and others), which compilers put in libc's string functions.
#pragma once
#include <cstddef>
#include <cstdint>

namespace cperf {

int x86_insn_length(const uint8_t* code, size_t size, bool is64bit);

}  // namespace cperf
