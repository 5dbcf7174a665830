#include "symbol/elf_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace cperf {
namespace {

constexpr uint32_t kNtGnuBuildId = 3;

size_t note_align(size_t n) { return (n + 3) & ~size_t{3}; }

// Walks the notes of one section looking for the GNU build id.
std::optional<BuildId> build_id_in_notes(const Elf_Data* data) {
  if (data == nullptr || data->d_buf == nullptr) return std::nullopt;
  const auto* p = static_cast<const uint8_t*>(data->d_buf);
  const uint8_t* end = p + data->d_size;
  while (static_cast<size_t>(end - p) >= sizeof(Elf64_Nhdr)) {
    Elf64_Nhdr nhdr;
    std::memcpy(&nhdr, p, sizeof(nhdr));
    p += sizeof(nhdr);
    const size_t namesz = note_align(nhdr.n_namesz);
    const size_t descsz = note_align(nhdr.n_descsz);
    if (namesz > static_cast<size_t>(end - p)) break;
    const uint8_t* name = p;
    p += namesz;
    if (descsz > static_cast<size_t>(end - p)) break;
    if (nhdr.n_type == kNtGnuBuildId && nhdr.n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
      if (descsz == 0) return std::nullopt;  // an empty build id names nothing
      // perf copies the 4-byte-aligned descriptor size, capped at 20 bytes.
      return BuildId(std::span<const uint8_t>(p, std::min(descsz, BuildId::kMaxSize)));
    }
    p += descsz;
  }
  return std::nullopt;
}

}  // namespace

bool libelf_ready() {
  // Once for the process (libelf's version is a global every elf_begin reads; symbols load on
  // two threads).
  static const bool ready = elf_version(EV_CURRENT) != EV_NONE;
  return ready;
}

std::unique_ptr<ElfFile> ElfFile::open(const std::string& path) {
  if (!libelf_ready()) return nullptr;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  std::unique_ptr<ElfFile> f(new ElfFile());
  f->fd_ = fd;
  f->path_ = path;
  f->elf_ = elf_begin(fd, ELF_C_READ_MMAP, nullptr);
  if (f->elf_ == nullptr || elf_kind(f->elf_) != ELF_K_ELF) return nullptr;
  if (gelf_getehdr(f->elf_, &f->ehdr_) == nullptr) return nullptr;
  if (elf_getshdrstrndx(f->elf_, &f->shstrndx_) != 0) f->shstrndx_ = f->ehdr_.e_shstrndx;
  f->symtab_ = f->section_by_name(".symtab");
  if (f->symtab_ && f->symtab_->shdr.sh_type != SHT_SYMTAB) f->symtab_.reset();
  f->dynsym_ = f->section_by_name(".dynsym");
  if (f->dynsym_ && f->dynsym_->shdr.sh_type != SHT_DYNSYM) f->dynsym_.reset();
  return f;
}

ElfFile::~ElfFile() {
  if (elf_ != nullptr) elf_end(elf_);
  if (fd_ >= 0) ::close(fd_);
}

std::optional<ElfFile::Section> ElfFile::section_by_name(std::string_view name) const {
  // A truncated or corrupt string table would make elf_strptr read garbage.
  if (elf_rawdata(elf_getscn(elf_, shstrndx_), nullptr) == nullptr) return std::nullopt;
  Elf_Scn* scn = nullptr;
  while ((scn = elf_nextscn(elf_, scn)) != nullptr) {
    Section s;
    if (gelf_getshdr(scn, &s.shdr) == nullptr) continue;
    const char* n = elf_strptr(elf_, shstrndx_, s.shdr.sh_name);
    if (n != nullptr && name == n) {
      s.scn = scn;
      s.index = elf_ndxscn(scn);
      return s;
    }
  }
  return std::nullopt;
}

std::optional<ElfFile::Section> ElfFile::section_by_index(size_t index) const {
  Section s;
  s.scn = elf_getscn(elf_, index);
  if (s.scn == nullptr || gelf_getshdr(s.scn, &s.shdr) == nullptr) return std::nullopt;
  s.index = index;
  return s;
}

std::string_view ElfFile::section_name(const GElf_Shdr& shdr) const {
  const char* n = elf_strptr(elf_, shstrndx_, shdr.sh_name);
  return n != nullptr ? std::string_view(n) : std::string_view();
}

std::optional<BuildId> ElfFile::build_id() const {
  for (const char* name : {".note.gnu.build-id", ".notes", ".note"}) {
    std::optional<Section> s = section_by_name(name);
    if (s) return build_id_in_notes(elf_getdata(s->scn, nullptr));
  }
  return std::nullopt;
}

std::optional<GElf_Phdr> ElfFile::load_segment_for(uint64_t vaddr) const {
  size_t n = 0;
  if (elf_getphdrnum(elf_, &n) != 0) return std::nullopt;
  for (size_t i = 0; i < n; ++i) {
    GElf_Phdr ph;
    if (gelf_getphdr(elf_, static_cast<int>(i), &ph) == nullptr) return std::nullopt;
    if (ph.p_type != PT_LOAD) continue;
    const uint64_t sz = std::max(ph.p_memsz, ph.p_filesz);
    if (sz == 0) continue;
    if (vaddr >= ph.p_vaddr && vaddr < ph.p_vaddr + sz) return ph;
  }
  return std::nullopt;
}

std::optional<BuildId> read_build_id(const std::string& path) {
  std::unique_ptr<ElfFile> f = ElfFile::open(path);
  return f ? f->build_id() : std::nullopt;
}

}  // namespace cperf
