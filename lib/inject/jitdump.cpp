#include "inject/jitdump.h"

#include <algorithm>
#include <cstring>

#include "base/byte_reader.h"
#include "base/error.h"
#include "base/mapped_file.h"

namespace cperf {

namespace {
constexpr uint32_t kMagic = 0x4A695444;  // "JiTD" in the writer's byte order
constexpr uint32_t kMagicSwapped = 0x4454694A;
constexpr uint64_t kFlagArchTimestamp = 1;
constexpr uint64_t kFlagsReserved = ~uint64_t{1};
enum : uint32_t { kCodeLoad = 0, kCodeMove = 1, kDebugInfo = 2, kClose = 3, kUnwindingInfo = 4 };
constexpr size_t kHeaderSize = 40, kPrefixSize = 16;
}  // namespace

bool is_jitdump_marker(std::string_view filename, int32_t pid) {
  size_t slash = filename.rfind('/');
  if (slash == std::string_view::npos) return false;
  std::string_view base = filename.substr(slash + 1);
  if (base.substr(0, 4) != "jit-") return false;
  base.remove_prefix(4);
  size_t digits = 0;
  int64_t n = 0;
  while (digits < base.size() && base[digits] >= '0' && base[digits] <= '9' && digits < 10)
    n = n * 10 + (base[digits++] - '0');
  if (digits == 0 || base.substr(digits) != ".dump") return false;
  return pid == 0 || n == pid;
}

std::string read_jitdump(const std::string& path, JitDump& out) {
  MappedFile file;
  try {
    file = MappedFile(path);
  } catch (const InputError& e) {
    return e.what();
  }
  Bytes all = file.bytes();
  if (all.size() < kHeaderSize) return path + ": too short for a jitdump header";
  uint32_t magic;
  std::memcpy(&magic, all.data(), 4);
  if (magic != kMagic && magic != kMagicSwapped) return path + ": not a jitdump file";
  ByteReader h(all, magic == kMagicSwapped);
  h.skip(4);
  h.u32();  // version
  uint32_t header_size = h.u32();
  out.elf_mach = h.u32();
  h.u32();  // pad
  out.pid = h.u32();
  h.u64();  // timestamp
  uint64_t flags = h.u64();
  if (flags & kFlagsReserved) return path + ": jitdump file contains invalid or unsupported flags";
  out.arch_timestamp = flags & kFlagArchTimestamp;
  uint64_t unwinding_mapped = 0;
  for (size_t pos = std::max<size_t>(header_size, kHeaderSize); pos + kPrefixSize <= all.size();) {
    ByteReader r(all.subspan(pos), h.swapped());
    uint32_t id = r.u32(), size = r.u32();
    uint64_t timestamp = r.u64();
    if (size < kPrefixSize || pos + size > all.size()) break;  // cut short: perf stops too
    ByteReader rec(all.subspan(pos + kPrefixSize, size - kPrefixSize), h.swapped());
    pos += size;
    if (id == kUnwindingInfo) {
      rec.u64();  // unwinding size
      rec.u64();  // eh_frame_hdr size
      unwinding_mapped = rec.u64();
      continue;
    }
    if (id != kCodeLoad && id != kCodeMove) continue;  // line tables, close, unknown
    JitCode c;
    c.moved = id == kCodeMove;
    c.timestamp = timestamp;
    c.pid = rec.u32();
    c.tid = rec.u32();
    c.vma = rec.u64();
    if (c.moved) rec.u64();  // old address
    c.code_addr = rec.u64();
    c.code_size = rec.u64();
    c.code_index = rec.u64();
    if (!rec.ok()) break;
    c.unwinding_mapped_size = unwinding_mapped;
    if (!c.moved) {
      Bytes rest = rec.bytes(rec.remaining());
      if (c.code_size > rest.size()) break;
      size_t name_len = rest.size() - c.code_size;
      const char* name = reinterpret_cast<const char*>(rest.data());
      c.name.assign(name, strnlen(name, name_len));
      c.code.assign(rest.end() - static_cast<ptrdiff_t>(c.code_size), rest.end());
      unwinding_mapped = 0;  // perf uses the unwinding data for the next load only
    }
    out.code.push_back(std::move(c));
  }
  return "";
}

}  // namespace cperf
