// x86 instruction lengths (script's insn/insnlen fields): hand-picked encodings of each kind,
// then every instruction objdump finds in real code (cperf's own binary, libc when present),
// which must have objdump's length.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "arch/x86/insn_length.h"

namespace cperf {
namespace {

int len64(std::vector<uint8_t> b) { return x86_insn_length(b.data(), b.size(), true); }
int len32(std::vector<uint8_t> b) { return x86_insn_length(b.data(), b.size(), false); }

TEST(X86InsnLength, KindsOfEncoding) {
  EXPECT_EQ(len64({0x90}), 1);                                      // nop
  EXPECT_EQ(len64({0x48, 0x89, 0xe5}), 3);                          // mov %rsp,%rbp
  EXPECT_EQ(len64({0x8b, 0x44, 0x24, 0x08}), 4);                    // SIB + disp8
  EXPECT_EQ(len64({0x8b, 0x05, 1, 2, 3, 4}), 6);                    // rip-relative
  EXPECT_EQ(len64({0x48, 0xb8, 1, 2, 3, 4, 5, 6, 7, 8}), 10);       // movabs imm64
  EXPECT_EQ(len64({0x66, 0x05, 1, 2}), 4);                          // add $imm16,%ax
  EXPECT_EQ(len64({0xe8, 1, 2, 3, 4}), 5);                          // call rel32
  EXPECT_EQ(len64({0x66, 0xe8, 1, 2, 3, 4}), 6);                    // still rel32 in 64-bit mode
  EXPECT_EQ(len64({0x0f, 0x84, 1, 2, 3, 4}), 6);                    // je rel32
  EXPECT_EQ(len64({0xf6, 0xc0, 0x01}), 3);                          // test $1,%al
  EXPECT_EQ(len64({0xf6, 0xd0}), 2);                                // not %al: no immediate
  EXPECT_EQ(len64({0x66, 0x0f, 0x3a, 0x0f, 0xc1, 0x08}), 6);        // palignr imm8
  EXPECT_EQ(len64({0xc5, 0xfb, 0x93, 0xc9}), 4);                    // kmovd %k1,%ecx (VEX)
  EXPECT_EQ(len64({0x62, 0xb2, 0x75, 0x20, 0x26, 0xd1}), 6);        // EVEX vptestnmb
  EXPECT_EQ(len64({0xc5, 0xf8, 0x77}), 3);                          // vzeroupper: no ModRM
  EXPECT_EQ(len64({0xc4, 0xe3, 0x79, 0x0f, 0xc1, 0x08}), 6);        // VEX 0F3A: imm8
  EXPECT_EQ(len64({0x06}), 0);                                      // push %es: not in 64-bit
  EXPECT_EQ(len64({0x48, 0x8b}), 0);                                // cut short
  EXPECT_EQ(len32({0x06}), 1);
  EXPECT_EQ(len32({0xc4, 0x06}), 2);                                // les (%esi),%eax
  EXPECT_EQ(len32({0x67, 0x8b, 0x46, 0x08}), 4);                    // 16-bit addressing
  EXPECT_EQ(len32({0xa1, 1, 2, 3, 4}), 5);                          // moffs32
  EXPECT_EQ(len64({0xa1, 1, 2, 3, 4, 5, 6, 7, 8}), 9);              // moffs64
}

// objdump -d of `path`: instruction start (file offset) -> length, over its executable
// sections. Empty when objdump or the file is missing.
std::map<uint64_t, int> objdump_lengths(const std::string& path, std::vector<uint8_t>& file) {
  std::map<uint64_t, int> out;
  std::ifstream in(path, std::ios::binary);
  if (!in) return out;
  file.assign(std::istreambuf_iterator<char>(in), {});
  // section vma -> file offset, from objdump -h
  std::map<uint64_t, uint64_t> sections;  // vma -> file offset delta (offset - vma)
  std::string cmd = "objdump -h '" + path + "' 2>/dev/null";
  if (std::FILE* p = ::popen(cmd.c_str(), "r")) {
    char line[512];
    while (std::fgets(line, sizeof line, p)) {
      unsigned idx;
      char name[128];
      unsigned long long size, vma, lma, off;
      if (std::sscanf(line, " %u %127s %llx %llx %llx %llx", &idx, name, &size, &vma, &lma, &off) == 6)
        sections[vma] = off - vma;
    }
    ::pclose(p);
  }
  cmd = "objdump -d --insn-width=16 '" + path + "' 2>/dev/null";
  std::FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return out;
  char line[1024];
  while (std::fgets(line, sizeof line, p)) {
    // "  4017cf:\t48 89 e5             \tmov    %rsp,%rbp"
    char* colon = std::strchr(line, ':');
    if (!colon || line[0] != ' ' || colon[1] != '\t') continue;
    uint64_t vma = std::strtoull(line, nullptr, 16);
    int n = 0;
    for (char* q = colon + 2; *q && *q != '\t' && *q != '\n'; ++q)
      if (std::isxdigit(static_cast<unsigned char>(q[0])) && std::isxdigit(static_cast<unsigned char>(q[1]))) {
        ++n;
        ++q;
      }
    if (std::strstr(line, "(bad)") || n == 0) continue;
    auto s = sections.upper_bound(vma);
    if (s == sections.begin()) continue;
    out[vma + std::prev(s)->second] = n;
  }
  ::pclose(p);
  return out;
}

void check_file(const std::string& path) {
  std::vector<uint8_t> file;
  std::map<uint64_t, int> want = objdump_lengths(path, file);
  if (want.size() < 1000) GTEST_SKIP() << "no objdump, or no code in " << path;
  size_t bad = 0;
  std::ostringstream first;
  for (const auto& [off, n] : want) {
    if (off >= file.size()) continue;
    size_t room = file.size() - off;
    int got = x86_insn_length(file.data() + off, room < 16 ? room : 16, true);
    if (got != n && bad++ < 5) {
      first << std::hex << off << ": objdump " << std::dec << n << ", got " << got << " (";
      for (size_t i = 0; i < 8 && i < room; ++i) first << std::hex << int(file[off + i]) << ' ';
      first << ")\n";
    }
  }
  EXPECT_EQ(bad, 0u) << bad << " of " << want.size() << " instructions of " << path << " differ:\n" << first.str();
}

TEST(X86InsnLength, EveryInstructionOfTheseTests) {
  char self[4096];
  ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);  // objdump's own would be its
  ASSERT_GT(n, 0);
  check_file(std::string(self, static_cast<size_t>(n)));
}

TEST(X86InsnLength, EveryInstructionOfLibc) { check_file("/usr/lib/x86_64-linux-gnu/libc.so.6"); }

}  // namespace
}  // namespace cperf
