// ElfFile: a read-only libelf handle on one file (RAII: closes the Elf and the fd). Thin on
// purpose; it only offers what the symbol loaders need, with perf's lookup rules.
//
// Errors: open() returns nullptr for a missing file or one that is not ELF; accessors never
// throw and report absence with nullopt/nullptr.
#pragma once
#include <gelf.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "symbol/build_id.h"

namespace cperf {

// libelf initialised (elf_version), once; false if this libelf cannot be used.
bool libelf_ready();

class ElfFile {
 public:
  struct Section {
    Elf_Scn* scn = nullptr;
    GElf_Shdr shdr{};
    size_t index = 0;
  };

  static std::unique_ptr<ElfFile> open(const std::string& path);
  ~ElfFile();
  ElfFile(const ElfFile&) = delete;
  ElfFile& operator=(const ElfFile&) = delete;

  Elf* elf() const { return elf_; }
  const GElf_Ehdr& ehdr() const { return ehdr_; }
  const std::string& path() const { return path_; }

  // The first section with this name (perf's elf_section_by_name).
  std::optional<Section> section_by_name(std::string_view name) const;
  std::optional<Section> section_by_index(size_t index) const;
  // Section name from the section header string table, "" if unreadable.
  std::string_view section_name(const GElf_Shdr& shdr) const;

  // .symtab (if it really is SHT_SYMTAB) and .dynsym (if SHT_DYNSYM), as perf's symsrc.
  const std::optional<Section>& symtab() const { return symtab_; }
  const std::optional<Section>& dynsym() const { return dynsym_; }

  // The NT_GNU_BUILD_ID note from .note.gnu.build-id, .notes or .note (checked in that order,
  // only the first that exists), or nullopt.
  std::optional<BuildId> build_id() const;

  // The PT_LOAD segment whose [p_vaddr, p_vaddr + max(filesz, memsz)) holds vaddr.
  std::optional<GElf_Phdr> load_segment_for(uint64_t vaddr) const;

 private:
  ElfFile() = default;
  int fd_ = -1;
  Elf* elf_ = nullptr;
  GElf_Ehdr ehdr_{};
  size_t shstrndx_ = 0;
  std::string path_;
  std::optional<Section> symtab_;
  std::optional<Section> dynsym_;
};

// Reads the build id of the file at path; nullopt if unreadable or absent.
std::optional<BuildId> read_build_id(const std::string& path);

}  // namespace cperf
