#include "arch/x86/insn_length.h"

#include <initializer_list>
#include <utility>

namespace cperf {

namespace {

// A set of opcode bytes.
class OpSet {
 public:
  constexpr OpSet(std::initializer_list<int> ops, std::initializer_list<std::pair<int, int>> ranges = {}) {
    for (int op : ops) set(op);
    for (auto [lo, hi] : ranges)
      for (int op = lo; op <= hi; ++op) set(op);
  }
  constexpr bool has(uint8_t op) const { return bits_[op >> 6] >> (op & 63) & 1; }

 private:
  constexpr void set(int op) { bits_[op >> 6] |= uint64_t{1} << (op & 63); }
  uint64_t bits_[4] = {};
};

// The one-byte map.
constexpr OpSet kModrm1({0x62, 0x63, 0x69, 0x6b, 0xc0, 0xc1, 0xc4, 0xc5, 0xc6, 0xc7, 0xf6, 0xf7, 0xfe, 0xff},
                        {{0x00, 0x03}, {0x08, 0x0b}, {0x10, 0x13}, {0x18, 0x1b}, {0x20, 0x23}, {0x28, 0x2b},
                         {0x30, 0x33}, {0x38, 0x3b}, {0x80, 0x8f}, {0xd0, 0xd3}, {0xd8, 0xdf}});
constexpr OpSet kImm8_1({0x04, 0x0c, 0x14, 0x1c, 0x24, 0x2c, 0x34, 0x3c, 0x6a, 0x6b, 0x80, 0x82, 0x83, 0xa8,
                         0xc0, 0xc1, 0xc6, 0xcd, 0xd4, 0xd5, 0xeb},
                        {{0x70, 0x7f}, {0xb0, 0xb7}, {0xe0, 0xe7}});
// an immediate of the operand size, 2 or 4 bytes
constexpr OpSet kImmZ_1({0x05, 0x0d, 0x15, 0x1d, 0x25, 0x2d, 0x35, 0x3d, 0x68, 0x69, 0x81, 0xa9, 0xc7});
// not valid in 64-bit mode (perf's decoder then gives no length)
constexpr OpSet kInvalid64({0x06, 0x07, 0x0e, 0x16, 0x17, 0x1e, 0x1f, 0x27, 0x2f, 0x37, 0x3f, 0x60, 0x61, 0x82,
                            0x9a, 0xd4, 0xd5, 0xd6, 0xea});
constexpr OpSet kPrefix({0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65, 0x66, 0x67, 0xf0, 0xf2, 0xf3});

// The 0F map: every opcode has a ModRM byte but these.
constexpr OpSet kNoModrm0f({0x05, 0x06, 0x07, 0x08, 0x09, 0x0b, 0x0e, 0x77, 0xa0, 0xa1, 0xa2, 0xa8, 0xa9, 0xaa},
                           {{0x30, 0x37}, {0x80, 0x8f}, {0xc8, 0xcf}});
constexpr OpSet kImm8_0f({0x0f, 0x70, 0x71, 0x72, 0x73, 0xa4, 0xac, 0xba, 0xc2, 0xc4, 0xc5, 0xc6});
// VEX and EVEX opcodes of the 0F map with an imm8 (the 0F3A map always has one)
constexpr OpSet kImm8Vex0f({0x70, 0x71, 0x72, 0x73, 0xc2, 0xc4, 0xc5, 0xc6});

// The bytes of a ModRM (and SIB and displacement) starting at p; -1 when cut short.
int modrm_length(const uint8_t* p, const uint8_t* end, bool addr16) {
  if (p >= end) return -1;
  const int mod = *p >> 6, rm = *p & 7;
  if (addr16) {
    if (mod == 3) return 1;
    if (mod == 1) return 2;
    if (mod == 2 || (mod == 0 && rm == 6)) return 3;
    return 1;
  }
  int len = 1;
  if (mod == 3) return len;
  if (rm == 4) {  // a SIB byte
    if (p + 1 >= end) return -1;
    ++len;
    if (mod == 0 && (p[1] & 7) == 5) return len + 4;
  }
  if (mod == 0) return rm == 5 ? len + 4 : len;
  return len + (mod == 1 ? 1 : 4);
}

}  // namespace

int x86_insn_length(const uint8_t* code, size_t size, bool is64bit) {
  const uint8_t* p = code;
  const uint8_t* end = code + (size < 15 ? size : 15);
  bool opsize16 = false, addr_override = false, rex_w = false;
  uint8_t last_prefix = 0;
  for (; p < end; ++p) {
    if (kPrefix.has(*p)) {
      opsize16 |= *p == 0x66;
      addr_override |= *p == 0x67;
      last_prefix = *p;
      rex_w = false;  // a REX counts only right before the opcode
    } else if (is64bit && (*p & 0xf0) == 0x40) {
      rex_w = *p & 8;
    } else {
      break;
    }
  }
  if (p >= end) return 0;
  const bool addr16 = !is64bit && addr_override;
  const int immz = opsize16 && !rex_w ? 2 : 4;
  int map = 0;  // 0: one-byte, 1: 0F, 2: 0F38, 3: 0F3A; VEX/EVEX/XOP maps as encoded
  bool vex = false, xop = false;
  const uint8_t first = *p;
  // VEX (C4/C5), EVEX (62) and XOP (8F): in 32-bit mode only when the next byte could not be
  // a ModRM of LES/LDS/BOUND/POP (mod 3; for XOP a reg field other than 0)
  if ((first == 0xc4 || first == 0xc5 || first == 0x62) && p + 1 < end && (is64bit || p[1] >= 0xc0)) {
    const int prefix = first == 0xc5 ? 2 : first == 0xc4 ? 3 : 4;
    if (p + prefix >= end) return 0;
    map = first == 0xc5 ? 1 : first == 0xc4 ? (p[1] & 0x1f) : (p[1] & 0x07);
    vex = true;
    p += prefix;
  } else if (first == 0x8f && p + 1 < end && (p[1] & 0x38) != 0) {
    if (p + 3 >= end) return 0;
    map = 0x100 | (p[1] & 0x1f);  // XOP maps 8, 9, A
    xop = true;
    p += 3;
  } else if (first == 0x0f) {
    if (++p >= end) return 0;
    map = 1;
    if (*p == 0x38 || *p == 0x3a) {
      map = *p == 0x38 ? 2 : 3;
      if (++p >= end) return 0;
    }
  } else if (is64bit && kInvalid64.has(first)) {
    return 0;
  }
  const uint8_t op = *p++;
  bool modrm;
  int imm = 0;
  if (xop) {
    modrm = true;
    imm = map == 0x108 ? 1 : map == 0x10a ? 4 : 0;
  } else if (vex) {
    if (map < 1 || map > 7) return 0;
    modrm = !(map == 1 && op == 0x77);  // vzeroupper, vzeroall
    imm = map == 3 || (map == 1 && kImm8Vex0f.has(op)) ? 1 : 0;
  } else if (map == 0) {
    modrm = kModrm1.has(op);
    if (kImm8_1.has(op)) imm = 1;
    else if (kImmZ_1.has(op)) imm = immz;
    else if (op >= 0xb8 && op <= 0xbf) imm = rex_w ? 8 : immz;
    else if (op >= 0xa0 && op <= 0xa3) imm = is64bit ? (addr_override ? 4 : 8) : (addr_override ? 2 : 4);
    else if (op == 0xe8 || op == 0xe9) imm = is64bit ? 4 : immz;
    else if (op == 0xc2 || op == 0xca) imm = 2;
    else if (op == 0xc8) imm = 3;
    else if (op == 0x9a || op == 0xea) imm = immz + 2;
    if ((op == 0xf6 || op == 0xf7) && p < end && ((*p >> 3) & 7) < 2) imm = op == 0xf6 ? 1 : immz;
  } else if (map == 1) {
    modrm = !kNoModrm0f.has(op);
    if (op >= 0x80 && op <= 0x8f) imm = is64bit ? 4 : immz;
    else if (kImm8_0f.has(op)) imm = 1;
    else if (op == 0x78 && (last_prefix == 0x66 || last_prefix == 0xf2)) imm = 2;  // extrq, insertq
  } else {
    modrm = true;
    imm = map == 3 ? 1 : 0;
  }
  int len = static_cast<int>(p - code);
  if (modrm) {
    int m = modrm_length(p, end, addr16);
    if (m < 0) return 0;
    len += m;
  }
  len += imm;
  return len <= static_cast<int>(end - code) ? len : 0;
}

}  // namespace cperf
