#include "arch/x86/insn_branch.h"

namespace cperf {

bool x86_insn_is_uncond_branch(const uint8_t* code, size_t size, bool is64bit) {
  size_t i = 0;
  uint8_t last_prefix = 0;
  // Legacy prefixes, then (64-bit) a REX byte: the opcode follows.
  for (; i < size; ++i) {
    uint8_t b = code[i];
    bool legacy = b == 0x66 || b == 0x67 || b == 0xf0 || b == 0xf2 || b == 0xf3 || b == 0x2e ||
                  b == 0x36 || b == 0x3e || b == 0x26 || b == 0x64 || b == 0x65;
    if (!legacy) break;
    last_prefix = b;
  }
  if (i < size && is64bit && (code[i] & 0xf0) == 0x40) ++i;
  if (i >= size) return false;
  uint8_t op = code[i];
  auto at = [&](size_t k) -> int { return i + k < size ? code[i + k] : -1; };
  switch (op) {
    case 0xc4: case 0xc5: case 0x62: case 0x8f:
      return false;  // VEX, EVEX, XOP (or an instruction that is no branch in any case)
    case 0x0f:
      switch (at(1)) {
        case 0x01: {
          int modrm = at(2);
          if (modrm == 0xc2 || modrm == 0xc3) return true;  // vmlaunch, vmresume
          return modrm == 0xca && (last_prefix == 0xf2 || last_prefix == 0xf3);  // erets, eretu
        }
        case 0x05: case 0x34: case 0x07: case 0x35:  // syscall, sysenter, sysret, sysexit
          return true;
        default:
          return false;
      }
    case 0xc2: case 0xc3: case 0xca: case 0xcb:  // ret
    case 0xcf:                                   // iret
    case 0xcc: case 0xcd: case 0xce:             // int3, int, into
    case 0xe8: case 0x9a:                        // call
    case 0xe9: case 0xeb: case 0xea:             // jmp
      return true;
    case 0xff: {  // call / jmp through a register or memory: ModRM reg 2 to 5
      int modrm = at(1);
      int reg = modrm < 0 ? -1 : (modrm >> 3) & 7;
      return reg >= 2 && reg <= 5;
    }
    default:
      return false;
  }
}

}  // namespace cperf
