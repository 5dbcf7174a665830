// Which config files perf reads, and how (perf 7.2's rules):
//   - $PERF_CONFIG set (even empty): only that file;
//   - else the system file (/etc/perfconfig) when readable, unless $PERF_CONFIG_NOSYSTEM is
//     true, then $HOME/.perfconfig unless $PERF_CONFIG_NOGLOBAL is true. The user file is
//     skipped when missing or empty, and ignored, with a warning, when owned by neither the
//     current user nor root. A malformed system file stops the reading there (the user file
//     is not read).
// A malformed line ends the reading of its file; the keys before it are kept, and perf says
// "bad config file line N in FILE".
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "base/config_set.h"

namespace cperf {

struct ConfigSources {
  std::optional<std::string> exclusive;  // $PERF_CONFIG, or `perf config --user/--system`
  std::string system_file = "/etc/perfconfig";
  std::optional<std::string> user_file;  // $HOME/.perfconfig (none without HOME)
  bool read_system = true;               // !$PERF_CONFIG_NOSYSTEM
  bool read_user = true;                 // !$PERF_CONFIG_NOGLOBAL

  // The sources the environment names (PERF_CONFIG, HOME, PERF_CONFIG_NOSYSTEM/NOGLOBAL).
  static ConfigSources from_environment();
};

// perf's truth value of a setting: true/yes/on, false/no/off (any case), a number (non-zero
// is true), no text is false; nullopt for anything else.
std::optional<bool> config_bool(const std::string& value);

// What reading said, in perf's words, one line each ("bad config file line 3 in F",
// "File F not owned by current user or root, ignoring it.").
struct ConfigMessages {
  std::vector<std::string> bad_lines;
  std::vector<std::string> warnings;
};

// Reads the files `sources` names into `set`.
void load_config(const ConfigSources& sources, ConfigSet& set, ConfigMessages& messages);

// Prints the messages to stderr, one per line, as perf does: the ownership warnings (when
// `warnings`), then the bad lines.
void print_config_messages(const ConfigMessages& messages, bool warnings = true);

}  // namespace cperf
