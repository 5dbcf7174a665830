#include "symbol/dso_locator.h"

#include <sys/stat.h>

#include <cstdlib>
#include <cstring>

namespace cperf {
namespace {

bool is_regular_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Directory part without the trailing slash ("" for a bare name), as perf cuts it.
std::string_view dir_of(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

std::string read_debuglink(const std::string& path) {
  std::unique_ptr<ElfFile> f = ElfFile::open(path);
  if (!f) return {};
  std::optional<ElfFile::Section> s = f->section_by_name(".gnu_debuglink");
  if (!s) return {};
  Elf_Data* d = elf_getdata(s->scn, nullptr);
  if (d == nullptr || d->d_buf == nullptr || d->d_size == 0) return {};
  const char* p = static_cast<const char*>(d->d_buf);
  return std::string(p, strnlen(p, d->d_size));
}

bool is_vdso_name(std::string_view n) {
  return n == "[vdso]" || n == "[vdso32]" || n == "[vdsox32]";
}

}  // namespace

std::string resolve_buildid_dir(const SymbolOptions& opts) {
  if (!opts.buildid_dir.empty()) return opts.buildid_dir;
  if (!opts.symfs.empty()) return opts.symfs + "/.debug";
  // perf --buildid-dir DIR (cmd/main.cpp passes it on this way, as perf does).
  if (const char* env = std::getenv("PERF_BUILDID_DIR"); env && *env) return env;
  const char* home = std::getenv("HOME");
  return home != nullptr ? std::string(home) + "/.debug" : std::string(".debug");
}

DsoLocator::DsoLocator(const SymbolOptions& opts)
    : symfs_(opts.symfs),
      buildid_dir_(resolve_buildid_dir(opts)),
      try_path_layout_(opts.try_buildid_path_layout) {}

std::string DsoLocator::join_symfs(std::string_view path) const {
  if (symfs_.empty()) return std::string(path);
  return symfs_ + "/" + std::string(path);
}

std::string DsoLocator::build_id_cache_path(std::string_view dso_path, const BuildId& id,
                                            bool debug) const {
  const std::string hex = id.to_hex();
  if (hex.size() < 2) return "";  // an empty build id (a damaged record) has no cache entry
  const std::string link = buildid_dir_ + "/.build-id/" + hex.substr(0, 2) + "/" + hex.substr(2);
  // Old caches linked straight to the file; newer ones to a directory of variants.
  if (is_regular_file(link)) return link;
  const char* base = dso_path == "[kernel.kallsyms]" ? "kallsyms"
                     : is_vdso_name(dso_path)        ? "vdso"
                     : debug                         ? "debug"
                                                     : "elf";
  return link + "/" + base;
}

std::vector<std::string> DsoLocator::debuglink_candidates(std::string_view dso_path) const {
  const std::string file = join_symfs(dso_path);
  if (!is_regular_file(file)) return {};
  const std::string link = read_debuglink(file);
  if (link.empty()) return {};
  const std::string dir(dir_of(file));
  // The first form is relative to the working directory; perf tries it too.
  return {link, dir + "/" + link, dir + "/.debug/" + link, "/usr/lib/debug" + dir + "/" + link};
}

std::vector<std::string> DsoLocator::candidates(std::string_view dso_path,
                                                const std::optional<BuildId>& id) const {
  std::vector<std::string> out;
  for (Candidate& c : typed_candidates(dso_path, id)) out.push_back(std::move(c.path));
  return out;
}

// Each candidate with perf's letter for its binary type (dso__symtab_origin).
std::vector<DsoLocator::Candidate> DsoLocator::typed_candidates(std::string_view dso_path,
                                                                const std::optional<BuildId>& id) const {
  std::vector<Candidate> out;
  for (const std::string& c : debuglink_candidates(dso_path)) {
    if (is_regular_file(c)) {
      out.push_back({c, 'l'});
      break;
    }
  }
  const std::string path(dso_path);
  if (id) {
    out.push_back({build_id_cache_path(dso_path, *id, false), 'B'});
    out.push_back({build_id_cache_path(dso_path, *id, true), 'D'});
    if (try_path_layout_) out.push_back({buildid_dir_ + path + "/" + id->to_hex() + "/elf", 'B'});
  }
  out.push_back({join_symfs("/usr/lib/debug") + path + ".debug", 'f'});
  out.push_back({join_symfs("/usr/lib/debug") + path, 'u'});
  if (id && id->to_hex().size() >= 2) {
    const std::string hex = id->to_hex();
    out.push_back({join_symfs("/usr/lib/debug/.build-id/") + hex.substr(0, 2) + "/" + hex.substr(2) +
                       ".debug", 'b'});
  }
  out.push_back({join_symfs(path), 'd'});
  size_t slash = path.rfind('/');
  if (slash != std::string::npos) {
    out.push_back({join_symfs("") + path.substr(0, slash + 1) + ".debug" + path.substr(slash), 'o'});
  }
  if (path.starts_with("/usr/lib/")) out.push_back({join_symfs("/usr/lib/debug") + path.substr(4), 'x'});
  return out;
}

LocatedDso DsoLocator::locate(std::string_view dso_path, std::optional<BuildId> id) const {
  LocatedDso r;
  // Like perf: learn the build id from the file when the dso's own path exists here.
  if (!id && is_regular_file(std::string(dso_path))) id = read_build_id(join_symfs(dso_path));
  r.build_id = id;

  char runtime_origin = '!';
  for (const Candidate& c : typed_candidates(dso_path, id)) {
    if (!is_regular_file(c.path)) continue;
    std::shared_ptr<const ElfFile> f = ElfFile::open(c.path);
    if (!f) continue;
    if (id && f->build_id() != id) continue;  // never use a different build
    bool used = false;
    if (!r.syms && f->symtab()) {
      r.syms = f;
      r.origin = c.origin;
      used = true;
    }
    std::optional<ElfFile::Section> opd = f->section_by_name(".opd");
    const bool has_opd = opd && opd->shdr.sh_type == SHT_PROGBITS;
    if (!r.runtime && (f->dynsym() || has_opd)) {
      r.runtime = f;
      runtime_origin = c.origin;
      used = true;
    }
    if (used && r.syms && r.runtime) break;
  }
  if (!r.syms) {
    r.syms = r.runtime;
    r.origin = runtime_origin;
  }
  if (!r.runtime) r.runtime = r.syms;
  return r;
}

}  // namespace cperf
