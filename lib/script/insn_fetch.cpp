#include "script/insn_fetch.h"

#include <elf.h>

#include <cstring>

#include "arch/x86/insn_length.h"
#include "base/error.h"
#include "symbol/elf_machine.h"

namespace cperf {

const InsnFetcher::File& InsnFetcher::open(const std::string& path) {
  auto [it, fresh] = files_.try_emplace(path);
  File& f = it->second;
  if (!fresh) return f;
  try {
    f.map = std::make_unique<MappedFile>(path);
  } catch (const InputError&) {
    f.map.reset();
    return f;
  }
  std::span<const std::byte> b = f.map->bytes();
  const auto* p = reinterpret_cast<const unsigned char*>(b.data());
  if (b.size() < EI_NIDENT + 4 || std::memcmp(p, ELFMAG, SELFMAG) != 0) {
    f.map.reset();
    return f;
  }
  f.is64 = p[EI_CLASS] == ELFCLASS64;
  const uint16_t machine = read_elf_machine(path);
  f.x86 = machine == EM_X86_64 || machine == EM_386;
  return f;
}

InsnBytes InsnFetcher::fetch(const std::string& path, uint64_t offset) {
  InsnBytes out;
  const File& f = open(path);
  if (!f.map || !f.x86) return out;
  std::span<const std::byte> b = f.map->bytes();
  if (offset >= b.size()) return out;
  size_t n = std::min<size_t>(sizeof out.bytes, b.size() - offset);
  std::memcpy(out.bytes, b.data() + offset, n);
  out.len = x86_insn_length(out.bytes, n, f.is64);
  return out;
}

size_t InsnFetcher::read(const std::string& path, uint64_t offset, uint8_t* buf, size_t n,
                         bool& is64) {
  const File& f = open(path);
  if (!f.map) return 0;
  is64 = f.is64;
  std::span<const std::byte> b = f.map->bytes();
  if (offset >= b.size()) return 0;
  n = std::min<size_t>(n, b.size() - offset);
  std::memcpy(buf, b.data() + offset, n);
  return n;
}

}  // namespace cperf
