// perf buildid-cache: manages the build-id cache `record` fills (lib/symbol/buildid_cache.h),
// with perf 7.2's options, messages and exit status:
//   -a/-r/-u/-p LIST   add, remove, update (remove + add) files, purge every id kept for paths;
//                      LIST is comma-separated, taken sorted and without duplicates, as perf's
//                      strlist (an empty item drops the whole list, silently)
//   -l                 the ids whose original file still has that id (alone: "-l is exclusive")
//   -P                 removes every entry;  -M FILE  the recording's build ids not cached
//   -k FILE            perf's kcore copy: not made (perf's "Couldn't add FILE")
// The steps run in perf's order: add, remove, purge, purge-all, missing, update, kcore.
// The cache is --buildid-dir / $PERF_BUILDID_DIR, else ~/.debug.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

#include "base/error.h"
#include "commands.h"
#include "inject/build_ids.h"
#include "io/perf_data_reader.h"
#include "perf_options.h"
#include "symbol/buildid_cache.h"
#include "symbol/elf_file.h"
#include "symbol/symbol_options.h"

namespace cperf {

namespace {

const PerfOptionParser& parser() {
  static const PerfOptionParser p(
      "perf buildid-cache [<options>]",
      {
          {'a', "add", PerfOption::kString, "file list", "file(s) to add"},
          {'f', "force", PerfOption::kFlag, nullptr, "don't complain, do it"},
          {'k', "kcore", PerfOption::kString, "file", "kcore file to add"},
          {'l', "list", PerfOption::kFlag, nullptr, "list all cached files"},
          {'M', "missing", PerfOption::kString, "file", "to find missing build ids in the cache"},
          {'p', "purge", PerfOption::kString, "file list", "file(s) to remove (remove old caches too)"},
          {'P', "purge-all", PerfOption::kFlag, nullptr, "purge all cached files"},
          {'r', "remove", PerfOption::kString, "file list", "file(s) to remove"},
          {'u', "update", PerfOption::kString, "file list", "file(s) to update"},
          {'v', "verbose", PerfOption::kIncr, nullptr, "be more verbose"},
          {0, "debuginfod", PerfOption::kOptString, "debuginfod urls",
           "Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls"},
          {0, "target-ns", PerfOption::kInteger, "n", "target pid for namespace context"},
      });
  return p;
}

struct Ctx {
  int verbose = 0;
  void say(const std::string& line) const {
    if (verbose > 0) std::fprintf(stderr, "%s\n", line.c_str());
  }
};

void debug_line(void* ctx, const std::string& line) {
  if (static_cast<Ctx*>(ctx)->verbose > 0) std::fprintf(stderr, "%s\n", line.c_str());
}

// perf's strlist of a comma-separated option value: sorted; nothing when a name is there
// twice.
std::set<std::string> name_list(const std::string& s) {
  std::set<std::string> out;
  size_t start = 0;
  for (;;) {
    size_t comma = s.find(',', start);
    std::string item = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!out.insert(item).second) return {};
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

// The file's build id in hex, or "" with errno set (0 when the file is there but has none).
std::string file_build_id(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return {};
  std::fclose(f);
  std::optional<BuildId> id = read_build_id(path);
  errno = 0;
  return id ? id->to_hex() : std::string();
}

const char* ok(int err) { return err ? "FAIL" : "Ok"; }

// One -a/-r/-u/-p step over its list, with perf's messages.
void for_each_listed(const std::string& list, int quiet_errno, const char* verb,
                     int (*one)(const BuildIdCache&, const Ctx&, const std::string&, int&),
                     const BuildIdCache& cache, const Ctx& ctx) {
  for (const std::string& name : name_list(list)) {
    int err = 0;
    if (one(cache, ctx, name, err) == 0) continue;
    if (err == quiet_errno) {
      if (ctx.verbose > 0)
        std::fprintf(stderr, "%s %s\n", name.c_str(),
                     quiet_errno == EEXIST ? "already in the cache" : "wasn't in the cache");
      continue;
    }
    std::fprintf(stderr, "Couldn't %s %s: %s\n", verb, name.c_str(), std::strerror(err));
  }
}


bool id_of(const Ctx& ctx, const std::string& name, std::string& hex, int& err) {
  hex = file_build_id(name);
  if (!hex.empty()) return true;
  err = errno;
  ctx.say("Couldn't read a build-id in " + name);
  return false;
}

int add_one(const BuildIdCache& cache, const Ctx& ctx, const std::string& name, int& err) {
  std::string hex;
  if (!id_of(ctx, name, hex, err)) return -1;
  err = cache.add(name, hex);
  ctx.say("Adding " + hex + " " + name + ": " + ok(err));
  return err ? -1 : 0;
}

int remove_one(const BuildIdCache& cache, const Ctx& ctx, const std::string& name, int& err) {
  std::string hex;
  if (!id_of(ctx, name, hex, err)) return -1;
  err = cache.remove(hex);
  ctx.say("Removing " + hex + " " + name + ": " + ok(err));
  return err ? -1 : 0;
}

int update_one(const BuildIdCache& cache, const Ctx& ctx, const std::string& name, int& err) {
  std::string hex;
  if (!id_of(ctx, name, hex, err)) return -1;
  err = cache.cached(hex) ? cache.remove(hex) : 0;
  if (!err) err = cache.add(name, hex);
  ctx.say("Updating " + hex + " " + name + ": " + ok(err));
  return err ? -1 : 0;
}

int purge_one(const BuildIdCache& cache, const Ctx& ctx, const std::string& name, int& err) {
  std::vector<std::string> ids = cache.ids_of_path(name, err);
  for (const std::string& hex : ids) {
    if (err) break;
    err = cache.remove(hex);
    ctx.say("Removing " + hex + " " + name + ": " + ok(err));
  }
  ctx.say("Purging " + name + ": " + ok(err));
  return err ? -1 : 0;
}

void purge_all(const BuildIdCache& cache, const Ctx& ctx) {
  int err = 0;
  std::vector<std::string> ids = cache.all_ids(false, err);
  if (err) ctx.say("Error in lsdir(" + cache.dir() + "/.build-id/): " + std::to_string(err));
  err = 0;
  for (const std::string& hex : ids) {
    std::string orig = cache.origname(hex);
    err = cache.remove(hex);
    ctx.say("Removing " + orig + " (" + hex + "): " + ok(err));
    if (err) break;
  }
  ctx.say(std::string("Purged all: ") + ok(err));
  if (err) std::fprintf(stderr, "Couldn't remove some caches. Error: %s.\n", std::strerror(err));
}

void list_all(const BuildIdCache& cache, const Ctx& ctx) {
  int err = 0;
  std::vector<std::string> ids = cache.all_ids(true, err);
  if (err) ctx.say("Error in lsdir(" + cache.dir() + "/.build-id/): " + std::to_string(err));
  for (const std::string& hex : ids) std::printf("%s %s\n", hex.c_str(), cache.origname(hex).c_str());
}

// -M: the entries of the recording's build-id table that the cache lacks (perf's order: by
// name); a cached file with another id, or not an ELF, is warned about and not listed.
void print_missing(const BuildIdCache& cache,
                   const std::vector<std::pair<std::string, std::string>>& table) {
  for (const auto& [hex, name] : table) {
    if (hex.empty()) continue;
    const std::string file = cache.cached_file(hex, name);
    errno = 0;
    FILE* f = std::fopen(file.c_str(), "rb");
    bool missing = !f && errno == ENOENT;
    if (f) std::fclose(f);
    if (missing) {
      std::printf("%-40s %s\n", hex.c_str(), name.c_str());
      continue;
    }
    std::optional<BuildId> id = read_build_id(file);
    if (!id || id->to_hex() != hex)
      std::fprintf(stderr, "Problems with %s file, consider removing it from the cache\n",
                   file.c_str());
  }
}

// perf's messages for a -M file it cannot open or that is no perf.data; -1 when it is one.
int check_input(const std::string& path) {
  if (path == "-") return -1;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "failed to open %s: %s\n", path.c_str(), std::strerror(errno));
    return 255;
  }
  char magic[8] = {};
  size_t n = std::fread(magic, 1, sizeof magic, f);
  std::fclose(f);
  std::string m(magic, n);
  if (m != "PERFILE2" && m != "2ELIFREP" && m != "PERFFILE" && m != "ELIFFREP") {
    std::fprintf(stderr, "incompatible file format (rerun with -v to learn more)\n");
    return 255;
  }
  return -1;
}

}  // namespace

int cmd_buildid_cache(const Args& args) {
  PerfOptionValues o;
  if (int rc = parser().parse(args, o); rc >= 0) return rc;
  Ctx ctx;
  ctx.verbose = o.count("verbose");
  const bool list = o.count("list") > 0, all = o.count("purge-all") > 0;
  const bool other = o.has("add") || o.has("kcore") || o.has("remove") || o.has("purge") ||
                     o.has("missing") || o.has("update") || all;
  if (!o.rest.empty() || (!other && !list)) return parser().usage();
  if (list && other) {
    std::fprintf(stderr, "  Error: -l is exclusive.\n\n");
    return parser().usage();
  }
  // perf's debuginfod set-up: without the option it turns downloads off.
  std::string urls;
  if (o.count("debuginfod") == 0) urls = "";
  else if (o.has("debuginfod")) urls = o.str("debuginfod");
  else urls = std::getenv("DEBUGINFOD_URLS") ? std::getenv("DEBUGINFOD_URLS") : "(null)";
  ctx.say("DEBUGINFOD_URLS=" + urls);

  std::vector<std::pair<std::string, std::string>> table;
  if (o.has("missing")) {
    const std::string& input = o.str("missing");
    if (int rc = check_input(input); rc >= 0) return rc;
    try {
      PerfDataReader reader(input);
      table = file_build_ids(reader, false);
    } catch (const InputError& e) {
      std::fprintf(stderr, "%s\n", e.what());
      return 255;
    }
  }
  BuildIdCache cache(resolve_buildid_dir(SymbolOptions{}), debug_line, &ctx);
  if (list) {
    list_all(cache, ctx);
    return 0;
  }
  if (o.has("add")) for_each_listed(o.str("add"), EEXIST, "add", add_one, cache, ctx);
  if (o.has("remove")) for_each_listed(o.str("remove"), ENOENT, "remove", remove_one, cache, ctx);
  if (o.has("purge")) for_each_listed(o.str("purge"), ENOENT, "remove", purge_one, cache, ctx);
  if (all) purge_all(cache, ctx);
  if (o.has("missing")) print_missing(cache, table);
  if (o.has("update")) for_each_listed(o.str("update"), ENOENT, "update", update_one, cache, ctx);
  if (o.has("kcore")) std::fprintf(stderr, "Couldn't add %s\n", o.str("kcore").c_str());
  return 0;
}

}  // namespace cperf
