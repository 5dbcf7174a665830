// lib/unwind/cfi_rules: libdw's CFI rows as the fast unwinder caches them, on the static test
// binary (tests/data/cxx: glibc's code, whose .eh_frame uses DW_CFA_remember_state), and the
// x86_64 register decode the unwinders start from.
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "unwind/cfi_rules.h"
#include "unwind/user_regs.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

// The test binary's .eh_frame through libdw, and its .text range.
class StaticBinaryCfi {
 public:
  StaticBinaryCfi() {
    std::optional<std::string> dir = symbol_test::fixture_dir("cxx");
    if (!dir) return;
    std::string path = *dir + "/symfs/tmp/cperf-cxx-static/cxx-static";
    if (!std::filesystem::exists(path)) return;
    elf_version(EV_CURRENT);
    fd_ = open(path.c_str(), O_RDONLY);
    elf_ = elf_begin(fd_, ELF_C_READ_MMAP, nullptr);
    if (!elf_) return;
    cfi_ = dwarf_getcfi_elf(elf_);
    size_t shstrndx = 0;
    elf_getshdrstrndx(elf_, &shstrndx);
    for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(elf_, scn));) {
      GElf_Shdr shdr;
      gelf_getshdr(scn, &shdr);
      const char* name = elf_strptr(elf_, shstrndx, shdr.sh_name);
      if (name && std::string(name) == ".text") text_ = {shdr.sh_addr, shdr.sh_addr + shdr.sh_size};
    }
  }
  ~StaticBinaryCfi() {
    if (cfi_) dwarf_cfi_end(cfi_);
    if (elf_) elf_end(elf_);
    if (fd_ >= 0) close(fd_);
  }
  Dwarf_CFI* cfi() const { return cfi_; }
  std::pair<uint64_t, uint64_t> text() const { return text_; }

 private:
  int fd_ = -1;
  Elf* elf_ = nullptr;
  Dwarf_CFI* cfi_ = nullptr;
  std::pair<uint64_t, uint64_t> text_{0, 0};
};

bool same_row(const CfiRow& a, const CfiRow& b) {
  if (a.simple != b.simple) return false;
  if (!a.simple) return true;
  if (a.cfa_reg != b.cfa_reg || a.cfa_offset != b.cfa_offset) return false;
  for (int r = 0; r < CfiRow::kRegs; ++r) {
    const RegRule &x = a.regs[r], &y = b.regs[r];
    if (x.kind != y.kind || x.reg != y.reg || x.offset != y.offset) return false;
  }
  return true;
}

TEST(CfiRules, FunctionEntryRowIsTheCallersFrame) {
  StaticBinaryCfi bin;
  if (!bin.cfi() || bin.text().first == 0) GTEST_SKIP() << "no tests/data/cxx static binary";
  // Find an FDE's first pc: the first pc whose row starts there with CFA = rsp + 8.
  CfiRow row;
  uint64_t start = 0, end = 0;
  bool found = false;
  for (uint64_t pc = bin.text().first; pc < bin.text().second && !found; ++pc)
    found = cfi_row_at(bin.cfi(), pc, row, start, end) && row.simple && row.cfa_reg == 7 &&
            row.cfa_offset == 8;
  ASSERT_TRUE(found);
  EXPECT_EQ(row.regs[CfiRow::kReturnAddress].kind, RegRule::kAtCfa);
  EXPECT_EQ(row.regs[CfiRow::kReturnAddress].offset, uint64_t(-8));
  // x86_64's ABI defaults come with libdw's answer (backends/x86_64_cfi.c): same value for
  // DWARF 0 (rax: its table says rbx but numbers it 0), 6 (rbp), 12-15; rsp is the CFA; the
  // rest, rbx included, undefined.
  EXPECT_EQ(row.regs[0].kind, RegRule::kSameValue);
  EXPECT_EQ(row.regs[6].kind, RegRule::kSameValue);
  EXPECT_EQ(row.regs[12].kind, RegRule::kSameValue);
  EXPECT_EQ(row.regs[15].kind, RegRule::kSameValue);
  EXPECT_EQ(row.regs[3].kind, RegRule::kUndefined);
  EXPECT_EQ(row.regs[1].kind, RegRule::kUndefined);
  EXPECT_EQ(row.regs[7].kind, RegRule::kCfaPlus);
  EXPECT_EQ(row.regs[7].offset, 0u);
  EXPECT_LT(start, end);
}

// Every pc of .text, last to first, through the cache: the row libdw gives at that pc. A row
// cached from libdw's reported start would be wrong after DW_CFA_restore_state (its start is
// the restored row's), which walking backwards runs into.
TEST(CfiRules, CachedRowsAreLibdwsAtEveryPc) {
  StaticBinaryCfi bin;
  if (!bin.cfi() || bin.text().first == 0) GTEST_SKIP() << "no tests/data/cxx static binary";
  CfiRules rules;
  size_t rows = 0, simple = 0;
  for (uint64_t pc = bin.text().second; pc-- > bin.text().first;) {
    CfiRow fresh;
    uint64_t start, end;
    bool has = cfi_row_at(bin.cfi(), pc, fresh, start, end);
    const CfiRow* cached = rules.find(bin.cfi(), pc);
    ASSERT_EQ(has, cached != nullptr) << std::hex << pc;
    if (!has) continue;
    ++rows;
    simple += fresh.simple;
    ASSERT_TRUE(same_row(fresh, *cached)) << "pc " << std::hex << pc;
  }
  EXPECT_GT(rows, 100000u);
  EXPECT_GT(simple, rows * 9 / 10);
}

TEST(X86DwarfRegs, DecodesTheDumpInMaskOrder) {
  // AX (bit 0), SP (7), IP (8), R15 (23): DWARF 0, 7, 16, 15.
  uint64_t values[] = {1, 2, 3, 4};
  RegsDump dump;
  dump.abi = 2;
  dump.mask = (1u << 0) | (1u << 7) | (1u << 8) | (1u << 23);
  dump.regs = U64Array(reinterpret_cast<const std::byte*>(values), 4, false);
  X86DwarfRegs d = x86_64_dwarf_regs(dump);
  EXPECT_EQ(d.max_reg, 16);
  EXPECT_EQ(d.value[0], 1u);
  EXPECT_EQ(d.value[7], 2u);
  EXPECT_EQ(d.value[16], 3u);
  EXPECT_EQ(d.value[15], 4u);
  EXPECT_EQ(d.value[3], 0u);  // not in the dump, below max_reg: 0, as perf hands it to libdw
  // A dump shorter than its mask: only the values it holds.
  dump.regs = U64Array(reinterpret_cast<const std::byte*>(values), 2, false);
  d = x86_64_dwarf_regs(dump);
  EXPECT_EQ(d.max_reg, 7);
  EXPECT_EQ(d.value[16], 0u);
}

}  // namespace
}  // namespace cperf
