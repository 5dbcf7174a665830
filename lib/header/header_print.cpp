#include "header/header_print.h"

#include <sys/stat.h>

#include <cinttypes>
#include <ctime>
#include <string>

#include "format/record_types.h"
#include "header/feature_print.h"
#include "header/feature_text.h"

namespace cperf {
namespace {

// perf stats the open data file; for stdin that is whatever fd 0 is (usually a pipe).
bool data_file_mtime(const PerfDataReader& reader, time_t& mtime) {
  struct stat st;
  int rc = reader.from_stdin() ? fstat(0, &st) : stat(reader.path().c_str(), &st);
  if (rc != 0) return false;
  mtime = st.st_mtime;
  return true;
}

// Text for one feature in the header block: the hint line for full-only features without -I.
std::string header_feature_text(int feat, Bytes data, const FeatureEnv& env, bool full,
                                bool& ok) {
  std::string text;
  ok = feature_text(feat, data, env, text);
  if (feature_full_only(feat) && !full)
    return std::string("# ") + feature_upper_name(feat) + " info available, use -I to display\n";
  return text;
}

void print_file_features(std::FILE* out, const PerfDataReader& reader, bool full) {
  const FileHeader& h = reader.header();
  FeatureEnv env = feature_env(reader);
  for (int feat = 1; feat < kFeatLast; ++feat) {
    if (!h.has_feature(feat) || !feature_has_printer(feat)) continue;
    auto it = reader.features().find(feat);
    Bytes data = it == reader.features().end() ? Bytes() : it->second;
    bool ok;
    std::string text = header_feature_text(feat, data, env, full, ok);
    // A section perf cannot read still shows its hint line, or its "unable to read" form.
    if (!ok && !(feature_full_only(feat) && !full)) text = feature_failure_text(feat);
    std::fputs(text.c_str(), out);
  }
  std::fputs("# missing features: ", out);
  for (int feat = 1; feat < kFeatLast; ++feat)
    if (!h.has_feature(feat)) std::fprintf(out, "%s ", feature_upper_name(feat));
  std::fputs("\n", out);
}

void print_info(std::FILE* out, const PerfDataReader& reader, bool full) {
  time_t mtime;
  if (!data_file_mtime(reader, mtime)) return;  // perf prints nothing then
  char when[64];
  std::fprintf(out, "# captured on    : %s", ctime_r(&mtime, when) ? when : "\n");
  const FileHeader& h = reader.header();
  uint64_t offset = reader.is_pipe() ? 0 : h.data.offset;
  uint64_t size = reader.is_pipe() ? 0 : h.data.size;
  std::fprintf(out, "# header version : %u\n", h.magic == kPerfMagic1 ? 0u : 1u);
  std::fprintf(out, "# data offset    : %" PRIu64 "\n", offset);
  std::fprintf(out, "# data size      : %" PRIu64 "\n", size);
  std::fprintf(out, "# feat offset    : %" PRIu64 "\n", offset + size);
  if (!reader.is_pipe()) print_file_features(out, reader, full);
}

// Reads FEATURE records up to the end marker. Like perf, a bad id or a section it cannot
// process ends the header output.
void print_pipe_features(std::FILE* out, PerfDataReader& reader, bool full, bool script_names) {
  while (auto rec = reader.next()) {
    if (rec->type != PERF_RECORD_HEADER_FEATURE) continue;
    ByteReader r(rec->bytes, reader.swapped());
    r.skip(sizeof(perf_event_header));
    uint64_t feat = r.u64();
    if (!r.ok() || feat == static_cast<uint64_t>(kFeatLast)) return;
    if (feat > static_cast<uint64_t>(kFeatLast)) {
      std::fprintf(stderr, "failed: wrong feature ID: %" PRIu64 "\n", feat);
      return;
    }
    int id = static_cast<int>(feat);
    Bytes data = rec->bytes.subspan(r.pos());
    bool ok;
    FeatureEnv env = feature_env(reader);
    if (script_names && !env.event_names.empty() && reader.attrs()[0].name.empty())
      env.event_names[0] = default_event_name(reader.attrs()[0].attr);
    std::string text = header_feature_text(id, data, env, full, ok);
    if (!ok) return;
    if (!feature_has_printer(id)) text = std::string("# ") + feature_upper_name(id);
    std::fputs(text.c_str(), out);
  }
}

}  // namespace

void print_header(std::FILE* out, PerfDataReader& reader, bool full, bool pipe_features,
                  bool script_names) {
  std::fputs("# ========\n", out);
  print_info(out, reader, full);
  std::fputs("# ========\n#\n", out);
  if (reader.is_pipe() && pipe_features) print_pipe_features(out, reader, full, script_names);
}

}  // namespace cperf
