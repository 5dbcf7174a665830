#include "base/config_sources.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <strings.h>

#include "base/config_parse.h"

namespace cperf {

namespace {

bool env_true(const char* name) {
  const char* v = std::getenv(name);
  return v && config_bool(v).value_or(false);
}

// Reads one file into `set`; a file that cannot be opened adds nothing.
void load_file(const std::string& path, bool from_system, ConfigSet& set,
               ConfigMessages& messages, bool& ok) {
  ok = true;
  std::ifstream f(path, std::ios::binary);
  if (!f) return;
  std::stringstream text;
  text << f.rdbuf();
  auto bad = parse_config_text(text.str(), [&](const std::string& var,
                                               const std::optional<std::string>& value) {
    return set.collect(var, value, from_system);
  });
  if (bad) {
    messages.bad_lines.push_back("bad config file line " + std::to_string(*bad) + " in " + path);
    ok = false;
  }
}

}  // namespace

std::optional<bool> config_bool(const std::string& value) {
  if (value.empty()) return false;
  for (const char* t : {"true", "yes", "on"})
    if (!strcasecmp(value.c_str(), t)) return true;
  for (const char* f : {"false", "no", "off"})
    if (!strcasecmp(value.c_str(), f)) return false;
  char* end = nullptr;
  long n = std::strtol(value.c_str(), &end, 0);
  if (end == value.c_str()) return std::nullopt;
  std::string unit = end;
  if (!unit.empty() && strcasecmp(unit.c_str(), "k") && strcasecmp(unit.c_str(), "m") &&
      strcasecmp(unit.c_str(), "g"))
    return std::nullopt;
  return n != 0;
}

ConfigSources ConfigSources::from_environment() {
  ConfigSources s;
  if (const char* p = std::getenv("PERF_CONFIG")) s.exclusive = p;
  if (const char* h = std::getenv("HOME")) s.user_file = std::string(h) + "/.perfconfig";
  s.read_system = !env_true("PERF_CONFIG_NOSYSTEM");
  s.read_user = !env_true("PERF_CONFIG_NOGLOBAL");
  return s;
}

void load_config(const ConfigSources& sources, ConfigSet& set, ConfigMessages& messages) {
  bool ok = true;
  if (sources.exclusive) {
    load_file(*sources.exclusive, *sources.exclusive == sources.system_file, set, messages, ok);
    return;
  }
  if (sources.read_system && access(sources.system_file.c_str(), R_OK) == 0) {
    load_file(sources.system_file, true, set, messages, ok);
    if (!ok) return;
  }
  if (!sources.read_user || !sources.user_file) return;
  struct stat st {};
  if (stat(sources.user_file->c_str(), &st) < 0) return;
  if (st.st_uid != 0 && st.st_uid != geteuid()) {
    messages.warnings.push_back("File " + *sources.user_file +
                                " not owned by current user or root, ignoring it.");
    return;
  }
  if (st.st_size == 0) return;
  load_file(*sources.user_file, false, set, messages, ok);
}

void print_config_messages(const ConfigMessages& m, bool warnings) {
  if (warnings)
    for (const std::string& w : m.warnings) std::fprintf(stderr, "%s\n", w.c_str());
  for (const std::string& b : m.bad_lines) std::fprintf(stderr, "%s\n", b.c_str());
}

}  // namespace cperf
