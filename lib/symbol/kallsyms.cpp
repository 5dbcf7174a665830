#include "symbol/kallsyms.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>

#include "base/error.h"
#include "base/huge_pages.h"
#include "symbol/symbol_fixup.h"

namespace cperf {
namespace {

constexpr size_t kMaxName = 512;  // the kernel's KSYM_NAME_LEN

struct Line {
  uint64_t addr = 0;
  char type = 0;
  std::string_view name;  // may carry "\t[module]"
};

// Reads kallsyms lines the way perf's character-stream parser does, including its habit of
// also dropping the line after one whose address or type field is cut short (the newline
// that ended the bad line is consumed before perf skips "to the end of the line").
class LineReader {
 public:
  explicit LineReader(std::string_view text) : t_(text) {}

  bool next(Line* line) {
    while (p_ < t_.size()) {
      if (parse(line)) return true;
    }
    return false;
  }

 private:
  int get() { return p_ < t_.size() ? static_cast<unsigned char>(t_[p_++]) : -1; }
  void skip_line() {
    for (int c = get(); c >= 0 && c != '\n';) c = get();
  }
  static int hex(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  bool parse(Line* line) {
    uint64_t addr = 0;
    int c = get();
    if (hex(c) < 0) {
      if (c >= 0) skip_line();
      return false;
    }
    for (; hex(c) >= 0; c = get()) addr = addr << 4 | hex(c);
    if (c != ' ') {
      skip_line();
      return false;
    }
    int type = get();
    if (type < 0) return false;
    if (get() != ' ') {
      skip_line();
      return false;
    }
    const size_t start = p_;
    size_t end = t_.find('\n', start);
    if (end == std::string_view::npos) end = t_.size();
    p_ = end < t_.size() ? end + 1 : end;
    line->addr = addr;
    line->type = static_cast<char>(type);
    line->name = t_.substr(start, std::min(end - start, kMaxName));
    return true;
  }

  std::string_view t_;
  size_t p_ = 0;
};

bool kept_type(char type) {
  char u = static_cast<char>(std::toupper(static_cast<unsigned char>(type)));
  return u == 'T' || u == 'W' || u == 'D' || u == 'B';
}

Symbol make_symbol(const Line& l) {
  Symbol s;
  s.start = s.end = l.addr;
  s.name = std::string(l.name);
  s.binding = l.type == 'W'                                      ? kStbWeak
              : std::isupper(static_cast<unsigned char>(l.type)) ? kStbGlobal
                                                                 : kStbLocal;
  char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(l.type)));
  s.type = lower == 't' || lower == 'w' ? kSttFunc : kSttObject;
  return s;
}

}  // namespace

std::optional<uint64_t> kallsyms_function_start(std::string_view text, std::string_view name) {
  LineReader r(text);
  Line l;
  while (r.next(&l)) {
    char u = static_cast<char>(std::toupper(static_cast<unsigned char>(l.type)));
    if ((u == 'T' || u == 'W' || l.type == 'A') && l.name == name) return l.addr;
  }
  return std::nullopt;
}

std::optional<Kallsyms> Kallsyms::parse(std::string_view text, const KallsymsOptions& opts) {
  Kallsyms k;
  if (opts.reloc_ref) {
    std::optional<uint64_t> at = kallsyms_function_start(text, opts.reloc_ref->first);
    if (!at) return std::nullopt;
    k.relocation_ = static_cast<int64_t>(opts.reloc_ref->second - *at);
  }

  std::vector<Symbol> all;
  all.reserve(text.size() / 40);  // lines are ~40 bytes
  advise_huge(all.data(), all.capacity() * sizeof(Symbol));  // megabytes, filled right away
  LineReader r(text);
  Line l;
  while (r.next(&l)) {
    if (!kept_type(l.type) || l.name.starts_with('$')) continue;
    all.push_back(make_symbol(l));
  }
  // Ends and duplicates are settled on the whole list, module tags included, so module
  // boundaries are seen; only then is it split.
  sort_symbols(all);
  fixup_symbol_ends(all, /*is_kallsyms=*/true);
  remove_duplicate_symbols(all);

  // Core kernel symbols are packed to the front of `all` in place (never past the one being
  // read), so the list is not held twice at its largest.
  size_t kernel_count = 0;
  std::map<std::string, std::vector<Symbol>, std::less<>> modules;
  bool in_kernel = true;  // perf's "curr_map is the initial kernel map"
  int kernel_range = 0;
  for (Symbol& s : all) {
    size_t tab = s.name.find('\t');
    if (tab != std::string::npos) {
      std::string module = s.name.substr(tab + 1);
      s.name.resize(tab);
      if (opts.known_modules && !opts.known_modules->contains(module)) {
        in_kernel = true;  // perf falls back to the kernel map after an unknown module
        continue;
      }
      in_kernel = false;
      modules[module].push_back(std::move(s));
      continue;
    }
    if (opts.x86_64 && s.name == "__entry_SYSCALL_64_trampoline") continue;
    s.start += k.relocation_;
    s.end += k.relocation_;
    if (in_kernel || kernel_count == 0) {
      in_kernel = true;
      if (&all[kernel_count] != &s) all[kernel_count] = std::move(s);
      ++kernel_count;
      continue;
    }
    // A core symbol after module ones gets a range of its own; perf numbers these oddly
    // (it bumps the counter twice per range).
    KernelRange range;
    range.name = "[kernel]." + std::to_string(kernel_range);
    kernel_range += 2;
    range.start = s.start;
    range.symbols = SymbolTable::from_sorted({std::move(s)});
    k.extra_.push_back(std::move(range));
  }
  all.resize(kernel_count);  // not shrunk: a copy would touch as many new pages again
  k.kernel_ = SymbolTable::from_sorted(std::move(all));
  for (auto& [name, syms] : modules)
    k.modules_.emplace(name, SymbolTable::from_sorted(std::move(syms)));
  return k;
}

std::optional<KallsymsText> Kallsyms::read_text(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    ::close(fd);
    try {
      return KallsymsText(MappedFile(path, MappedFile::kPopulate));
    } catch (const InputError&) {
      return std::nullopt;
    }
  }
  // /proc/kallsyms reports size 0 (so does an empty file): read to the end, the buffer
  // doubling as it fills.
  std::string text(size_t{4} << 20, '\0');
  size_t used = 0;
  for (;;) {
    if (used == text.size()) text.resize(text.size() * 2);
    ssize_t n = ::read(fd, text.data() + used, text.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += static_cast<size_t>(n);
  }
  ::close(fd);
  text.resize(used);
  return KallsymsText(std::move(text));
}

std::optional<Kallsyms> Kallsyms::load(const std::string& path, const KallsymsOptions& opts) {
  std::optional<KallsymsText> text = read_text(path);
  if (!text) return std::nullopt;
  return parse(text->view(), opts);
}

const SymbolTable* Kallsyms::module(std::string_view name) const {
  auto it = modules_.find(name);
  return it == modules_.end() ? nullptr : &it->second;
}

}  // namespace cperf
