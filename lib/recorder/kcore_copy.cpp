#include "recorder/kcore_copy.h"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#include "base/fd_io.h"
#include "symbol/kcore_file.h"

namespace cperf {
namespace {

// The code ranges to copy, learnt from kallsyms and modules (perf's rules).
struct TextRanges {
  uint64_t stext = 0, etext = 0;              // _stext, _etext
  uint64_t first_symbol = 0, last_symbol = 0;  // the kernel's functions, when _stext/_etext lack
  uint64_t first_module = 0;                   // lowest module address (/proc/modules)
  uint64_t first_module_symbol = 0, last_module_symbol = 0;
};

// One PT_LOAD of the copy: where its bytes come from in /proc/kcore and go in the copy.
struct Segment {
  uint64_t addr = 0, len = 0;
  uint64_t kcore_offset = 0;  // in /proc/kcore
  uint64_t rel = 0;           // from the copy's first data byte
  bool remaps = false;        // another view of the kernel's bytes: shares them, not copied
};

uint64_t round_down(uint64_t v, uint64_t page) { return v / page * page; }
uint64_t round_up(uint64_t v, uint64_t page) { return (v + page - 1) / page * page; }

// Whole-file read with read(2): /proc files report size 0.
bool read_all(const std::string& path, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  out.clear();
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      return n == 0;
    }
    out.append(buf, static_cast<size_t>(n));
  }
}

bool write_file(const std::string& path, const std::string& bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0400);
  if (fd < 0) return false;
  bool ok = write_fully(fd, bytes.data(), bytes.size());
  return ::close(fd) == 0 && ok;
}

// kallsyms lines "ADDR TYPE NAME[\t[MODULE]]": function symbols (t, T, w, W) only; a name
// with '[' belongs to a module.
void scan_kallsyms(const std::string& text, TextRanges& r) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    char* end = nullptr;
    uint64_t addr = std::strtoull(line.c_str(), &end, 16);
    if (end == line.c_str() || *end != ' ' || end[1] == '\0' || end[2] != ' ') continue;
    char type = static_cast<char>(std::toupper(static_cast<unsigned char>(end[1])));
    if (type != 'T' && type != 'W') continue;
    const char* name = end + 3;
    if (std::strchr(name, '[')) {
      if (!r.first_module_symbol || addr < r.first_module_symbol) r.first_module_symbol = addr;
      if (addr > r.last_module_symbol) r.last_module_symbol = addr;
      continue;
    }
    if (!r.first_symbol || addr < r.first_symbol) r.first_symbol = addr;
    if (!r.last_symbol || addr > r.last_symbol) r.last_symbol = addr;
    if (std::strcmp(name, "_stext") == 0) r.stext = addr;
    if (std::strcmp(name, "_etext") == 0) r.etext = addr;
  }
}

// /proc/modules lines end with the module's load address ("... Live 0xffffffffc0a00000").
void scan_modules(const std::string& text, TextRanges& r) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    size_t x = line.rfind(" 0x");
    if (x == std::string::npos) continue;
    uint64_t start = std::strtoull(line.c_str() + x + 3, nullptr, 16);
    if (!r.first_module || start < r.first_module) r.first_module = start;
  }
}

// perf's rounding of the ranges; false when the kernel's text cannot be told.
bool settle_ranges(TextRanges& r, uint64_t page) {
  r.stext = round_down(r.stext ? r.stext : r.first_symbol, page);
  if (r.etext) {
    r.etext = round_up(r.etext, page);
  } else if (r.last_symbol) {
    r.etext = round_up(r.last_symbol, page) + page;  // a page more to hold the last symbol
  }
  if (r.first_module_symbol && (!r.first_module || r.first_module_symbol < r.first_module))
    r.first_module = r.first_module_symbol;
  r.first_module = round_down(r.first_module, page);
  if (r.last_module_symbol) r.last_module_symbol = round_up(r.last_module_symbol, page) + page;
  if (!r.stext || !r.etext) return false;
  return !(r.first_module && !r.last_module_symbol);
}

// The executable PT_LOADs of /proc/kcore that hold the ranges, in kcore's order.
std::vector<Segment> find_segments(const std::vector<Elf64_Phdr>& phdrs, const TextRanges& r) {
  std::vector<Segment> out;
  for (const Elf64_Phdr& ph : phdrs) {
    if (!(ph.p_flags & PF_X)) continue;
    uint64_t len = std::min(ph.p_memsz, ph.p_filesz);
    if (!len) continue;
    uint64_t start = ph.p_vaddr, end = start + len;
    auto take = [&](uint64_t s, uint64_t e) {
      if (s < start || s >= end) return;
      out.push_back({s, (e < end ? e : end) - s, s - start + ph.p_offset, 0, false});
    };
    take(r.stext, r.etext);
    take(r.first_module, r.last_module_symbol);
  }
  return out;
}

// Places the segments one after the other; one that lies inside the kernel's bytes of kcore
// (another mapping of the kernel) points into them instead of taking room.
void lay_out(std::vector<Segment>& segs, uint64_t stext) {
  const Segment* k = nullptr;
  for (const Segment& s : segs)
    if (s.addr <= stext && s.addr + s.len - 1 >= stext) {
      k = &s;
      break;
    }
  uint64_t rel = 0;
  for (Segment& s : segs) {
    s.remaps = k && &s != k && s.kcore_offset >= k->kcore_offset &&
               s.kcore_offset + s.len <= k->kcore_offset + k->len;
    if (!s.remaps) {
      s.rel = rel;
      rel += s.len;
    }
  }
  for (Segment& s : segs)
    if (s.remaps) s.rel = s.kcore_offset - k->kcore_offset + k->rel;
}

bool extract_kcore(const std::string& kcore, const TextRanges& ranges, const std::string& out, uint64_t page,
                   std::string& error) {
  int kfd = ::open(kcore.c_str(), O_RDONLY | O_CLOEXEC);
  if (kfd < 0) {
    error = kcore + ": " + std::strerror(errno);
    return false;
  }
  Elf64_Ehdr eh;
  std::vector<Elf64_Phdr> phdrs;
  std::vector<Segment> segs;
  if (read_kcore_header(kfd, eh) && read_kcore_loads(kfd, eh, phdrs)) segs = find_segments(phdrs, ranges);
  if (segs.empty()) {
    ::close(kfd);
    error = kcore + ": no 64-bit ELF core with the kernel's text";
    return false;
  }
  lay_out(segs, ranges.stext);
  // The data starts at the first page boundary after the headers.
  const uint64_t data_start = round_up(sizeof(Elf64_Ehdr) + segs.size() * sizeof(Elf64_Phdr), page);
  std::vector<KcoreLoad> loads;
  for (const Segment& sg : segs) loads.push_back({sg.addr, sg.len, sg.kcore_offset, data_start + sg.rel, !sg.remaps});
  bool ok = write_kcore(kfd, eh, loads, out, 0400);
  ::close(kfd);
  if (!ok) error = out + ": " + std::strerror(errno);
  return ok;
}

}  // namespace

bool copy_kcore(const std::string& from_proc, const std::string& to_dir, std::string& error) {
  const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  std::string kallsyms, modules;
  const std::string to_kallsyms = to_dir + "/kallsyms", to_modules = to_dir + "/modules", to_kcore = to_dir + "/kcore";
  if (!read_all(from_proc + "/kallsyms", kallsyms) || !read_all(from_proc + "/modules", modules)) {
    error = "cannot read " + from_proc + "/kallsyms or modules";
    return false;
  }
  bool ok = write_file(to_kallsyms, kallsyms) && write_file(to_modules, modules);
  TextRanges ranges;
  scan_kallsyms(kallsyms, ranges);
  scan_modules(modules, ranges);
  if (!ok) {
    error = to_dir + ": " + std::strerror(errno);
  } else if (!settle_ranges(ranges, page)) {
    error = from_proc + "/kallsyms: no kernel text (are kernel addresses hidden by kptr_restrict?)";
    ok = false;
  } else {
    ok = extract_kcore(from_proc + "/kcore", ranges, to_kcore, page, error);
  }
  // A module loaded or unloaded during the copy changes kallsyms: the copy would not match.
  std::string again;
  if (ok && (!read_all(from_proc + "/kallsyms", again) || again != kallsyms)) {
    error = from_proc + "/kallsyms changed during the copy";
    ok = false;
  }
  if (!ok) {
    ::unlink(to_kcore.c_str());
    ::unlink(to_modules.c_str());
    ::unlink(to_kallsyms.c_str());
  }
  return ok;
}

}  // namespace cperf
