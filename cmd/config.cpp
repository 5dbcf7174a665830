// perf config: shows and sets keys of perf's config files as perf 7.2 does.
//   perf config [--user|--system] [-l|--list] [section.key[=value] ...]
// Without a key, or with -l, every key of the files read (config_sources.h) is listed as
// "section.key=value". A key alone prints "section.key=value" when set; "key=value" sets it,
// and the file is written once, after every argument was read: the user's ~/.perfconfig
// (or $PERF_CONFIG, --system's /etc/perfconfig) is rewritten whole, comments dropped, with
// "# this file is auto-generated." first. Before the command's own reading, perf has read the
// files once at start up; its messages about them are said then too.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "base/config_set.h"
#include "base/config_sources.h"
#include "commands.h"

namespace cperf {

namespace {

constexpr const char* kUsage =
    "\n Usage: perf config [<file-option>] [options] [section.name[=value] ...]\n\n";
constexpr const char* kListLine = "    -l, --list            show current config variables\n";
constexpr const char* kSystemLine = "        --system          use system config file\n";
constexpr const char* kUserLine = "        --user            use user config file\n";

struct ConfigArgs {
  bool list = false, system = false, user = false;
  std::vector<std::string> keys;
};

// perf's usage on stderr, after "  Error: MSG" unless `msg` is empty (-h); status 129.
int usage_error(const std::string& msg) {
  if (!msg.empty()) std::fprintf(stderr, "  Error: %s\n", msg.c_str());
  std::fprintf(stderr, "%s%s%s%s\n", kUsage, kListLine, kSystemLine, kUserLine);
  return 129;
}

// perf's option parser for this command: options until the first other word (or "--"), long
// ones by any unambiguous prefix and with --no-, short ones bundled. Returns -1 to go on.
int parse_args(const Args& args, ConfigArgs& out) {
  size_t i = 1;
  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a.size() < 2 || a[0] != '-') break;
    if (a == "--help") return usage_error("");
    if (a[1] != '-') {
      for (size_t k = 1; k < a.size(); ++k) {
        if (a[k] == 'h') return usage_error("");
        if (a[k] != 'l') return usage_error(std::string("unknown switch `") + a[k] + "'");
        out.list = true;
      }
      continue;
    }
    std::string name = a.substr(2), value;
    bool has_value = false;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      has_value = true;
      name = name.substr(0, eq);
    }
    bool negated = name.compare(0, 3, "no-") == 0;
    std::string base = negated ? name.substr(3) : name;
    const char* match = nullptr;
    int matches = 0;
    for (const char* n : {"list", "system", "user"})
      if (!base.empty() && std::string(n).compare(0, base.size(), base) == 0) {
        match = n;
        ++matches;
      }
    if (matches != 1) return usage_error("unknown option `" + a.substr(2) + "'");
    if (has_value) {
      std::fprintf(stderr, " Error: option `%s' takes no value%s", match, kUsage);
      return 129;
    }
    bool on = !negated;
    if (std::string(match) == "list") out.list = on;
    else if (std::string(match) == "system") out.system = on;
    else out.user = on;
  }
  out.keys.assign(args.begin() + static_cast<long>(i), args.end());
  return -1;
}

// "section.key[=value]" -> var and value; perf's message and false when malformed.
bool split_key(const std::string& arg, std::string& var, std::optional<std::string>& value) {
  size_t dot = arg.find('.');
  if (dot == std::string::npos || dot == 0) {
    std::fprintf(stderr, "The config variable does not contain a section name: %s\n", arg.c_str());
    return false;
  }
  if (dot + 1 == arg.size()) {
    std::fprintf(stderr, "The config variable does not contain a variable name: %s\n", arg.c_str());
    return false;
  }
  size_t eq = arg.find('=');
  if (eq == std::string::npos) {
    var = arg;
    value.reset();
    return true;
  }
  if (eq + 1 == arg.size()) {
    std::fprintf(stderr, "The config variable does not contain a value: %s\n", arg.c_str());
    return false;
  }
  var = arg.substr(0, eq);
  value = arg.substr(eq + 1);
  return true;
}

}  // namespace

int cmd_config(const Args& args) {
  ConfigArgs opts;
  if (int rc = parse_args(args, opts); rc >= 0) return rc;
  ConfigSources sources = ConfigSources::from_environment();
  // What perf reads at start up, for every command (its warnings are said once, there).
  {
    ConfigSet startup;
    ConfigMessages m;
    load_config(sources, startup, m);
    print_config_messages(m, true);
  }
  if (opts.system && opts.user) {
    std::fprintf(stderr, "Error: only one config file at a time\n%s%s%s", kUsage, kUserLine,
                 kSystemLine);
    return 255;
  }
  std::string user_file = sources.user_file.value_or("(null)/.perfconfig");
  if (opts.system) sources.exclusive = sources.system_file;
  else if (opts.user) sources.exclusive = user_file;
  std::string target = sources.exclusive.value_or(user_file);
  ConfigSet set;
  ConfigMessages m;
  load_config(sources, set, m);
  print_config_messages(m, false);

  if (opts.list) {
    if (!opts.keys.empty()) {
      std::fprintf(stderr, "Error: takes no arguments\n%s%s", kUsage, kListLine);
      return 0;
    }
    std::fputs(set.list().c_str(), stdout);
    return 0;
  }
  if (opts.keys.empty()) {
    std::fputs(set.list().c_str(), stdout);
    return 0;
  }
  bool changed = false;
  for (const std::string& arg : opts.keys) {
    std::string var;
    std::optional<std::string> value;
    if (!split_key(arg, var, value)) return 255;
    if (!value) {
      if (auto v = set.get(var)) std::printf("%s=%s\n", var.c_str(), v->c_str());
      continue;
    }
    set.collect(var, value, target == sources.system_file);
    changed = true;
  }
  if (changed) {
    std::ofstream f(target, std::ios::binary | std::ios::trunc);
    if (f) f << set.serialize(opts.system);
    if (!f || !f.flush()) {
      std::fprintf(stderr, "Failed to set the configs on %s\n", target.c_str());
      return 255;
    }
  }
  return 0;
}

}  // namespace cperf
