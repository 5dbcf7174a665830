#include "inject/jit_elf.h"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/fd_io.h"
#include "writer/byte_buffer.h"

namespace cperf {

namespace {

// A build id from the function's name and code (FNV-1a, spread over 20 bytes): the same
// function gives the same id, and that is all a reader needs of it.
std::vector<uint8_t> jit_build_id(const std::string& symbol, const std::vector<std::byte>& code) {
  std::vector<uint8_t> id;
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&h](uint8_t b) { h = (h ^ b) * 0x100000001b3ull; };
  for (char c : symbol) mix(static_cast<uint8_t>(c));
  for (std::byte b : code) mix(static_cast<uint8_t>(b));
  for (int i = 0; i < 20; ++i) {
    mix(static_cast<uint8_t>(i));
    id.push_back(static_cast<uint8_t>(h >> 56));
  }
  return id;
}

Elf64_Shdr section(uint32_t name, uint32_t type, uint64_t flags, uint64_t addr, uint64_t offset, uint64_t size,
                   uint32_t link, uint32_t info, uint64_t align, uint64_t entsize) {
  Elf64_Shdr s{};
  s.sh_name = name;
  s.sh_type = type;
  s.sh_flags = flags;
  s.sh_addr = addr;
  s.sh_offset = offset;
  s.sh_size = size;
  s.sh_link = link;
  s.sh_info = info;
  s.sh_addralign = align;
  s.sh_entsize = entsize;
  return s;
}

}  // namespace

std::string write_jit_elf(const std::string& path, const std::string& symbol, const std::vector<std::byte>& code,
                          uint16_t machine) {
  static const char kShstrtab[] = "\0.text\0.shstrtab\0.symtab\0.strtab\0.note.gnu.build-id";
  enum : uint32_t { kText = 1, kShstr = 7, kSym = 17, kStr = 25, kNote = 33 };
  ByteBuffer b;
  b.zeros(sizeof(Elf64_Ehdr) + sizeof(Elf64_Phdr));
  b.align(16);  // = kJitElfTextOffset
  b.raw(code.data(), code.size());
  uint64_t shstr_at = b.size();
  b.raw(kShstrtab, sizeof kShstrtab);
  b.align(8);
  uint64_t sym_at = b.size();
  Elf64_Sym none{}, fn{};
  fn.st_name = 1;
  fn.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
  fn.st_shndx = 1;
  fn.st_value = kJitElfTextOffset;
  fn.st_size = code.size();
  b.raw(&none, sizeof none);
  b.raw(&fn, sizeof fn);
  uint64_t str_at = b.size();
  b.u8(0);
  b.raw(symbol.data(), symbol.size());
  b.u8(0);
  b.align(4);
  uint64_t note_at = b.size();
  std::vector<uint8_t> id = jit_build_id(symbol, code);
  b.u32(4);
  b.u32(static_cast<uint32_t>(id.size()));
  b.u32(NT_GNU_BUILD_ID);
  b.raw("GNU", 4);
  b.raw(id.data(), id.size());
  b.align(8);
  uint64_t shdr_at = b.size();
  Elf64_Shdr sh[] = {
      {},
      section(kText, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, kJitElfTextOffset, kJitElfTextOffset, code.size(), 0,
              0, 16, 0),
      section(kShstr, SHT_STRTAB, 0, 0, shstr_at, sizeof kShstrtab, 0, 0, 1, 0),
      section(kSym, SHT_SYMTAB, 0, 0, sym_at, 2 * sizeof(Elf64_Sym), 4, 1, 8, sizeof(Elf64_Sym)),
      section(kStr, SHT_STRTAB, 0, 0, str_at, symbol.size() + 2, 0, 0, 1, 0),
      section(kNote, SHT_NOTE, SHF_ALLOC, 0, note_at, 16 + id.size(), 0, 0, 4, 0)};
  b.raw(sh, sizeof sh);

  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_type = ET_DYN;
  eh.e_machine = machine;
  eh.e_version = EV_CURRENT;
  eh.e_entry = kJitElfTextOffset;
  eh.e_phoff = sizeof(Elf64_Ehdr);
  eh.e_shoff = shdr_at;
  eh.e_ehsize = sizeof(Elf64_Ehdr);
  eh.e_phentsize = sizeof(Elf64_Phdr);
  eh.e_phnum = 1;
  eh.e_shentsize = sizeof(Elf64_Shdr);
  eh.e_shnum = sizeof sh / sizeof sh[0];
  eh.e_shstrndx = 2;
  Elf64_Phdr ph{};
  ph.p_type = PT_LOAD;
  ph.p_flags = PF_R | PF_X;
  ph.p_offset = ph.p_vaddr = ph.p_paddr = kJitElfTextOffset;
  ph.p_filesz = ph.p_memsz = code.size();
  ph.p_align = 8;
  b.patch(0, eh);
  b.patch(sizeof eh, ph);

  int fd = ::open(path.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0) return "cannot create jit ELF " + path + ": " + std::strerror(errno);
  const std::vector<std::byte>& bytes = b.bytes();
  bool ok = write_fully(fd, bytes.data(), bytes.size());
  if (::close(fd) != 0) ok = false;
  if (!ok) {
    ::unlink(path.c_str());
    return "cannot write jit ELF " + path;
  }
  return "";
}

}  // namespace cperf
