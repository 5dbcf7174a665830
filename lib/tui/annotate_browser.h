// AnnotateBrowser: perf 7.2's annotate browser of the report browser ('a', or "Annotate SYM"
// in the Enter menu). Two title rows (the event's histogram title, then "SYM  DSO [Percent:
// local period]"), then one row per instruction (perf's default hides the source and
// objdump's other lines) as perf's annotate line writer draws it: the value of each event,
// a vertical line, the offset of jump targets, an arrow for jumps, calls and returns and the
// instruction, the whole row in the colour of its percentage. The jump of the current line
// is drawn as a line from it to its target. It opens on the hottest instruction (half a
// screen above it at the top) without showing the selection, as perf's browsers wait for a
// navigation key.
// Keys: arrows/PgUp/PgDn/space/Home/End; 'H' the hottest line, TAB/shift-TAB the next
// colder/hotter line; Enter/Right on a jump goes to its target, on a call annotates the
// callee (its own browser, back with q/ESC/Left), on a return leaves; '/' and '?' search
// objdump's text of the lines after/before the current one (perf's input window), 'n' again
// in the last direction; 't' cycles percent, period and samples; 'p'/'b' switch the percent
// type (local/global, period/hits); 'O' the offset levels (jump targets, +calls, all); 'J'
// the number of jumps to each target; 'j' the jump arrows; 'h'/F1 the help window;
// 'o' objdump's addresses and operands, 'f' with it the dso's addresses; q/ESC/Left/Ctrl-C
// and '<'/'>' leave. Perf's other keys (source view, line numbers, scripts, printing to a
// file, ...) do nothing here (Documentation/differences.md).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "annotate/annotate_print.h"
#include "annotate/annotate_print2.h"
#include "annotate/data_type_insn.h"
#include "tui/canvas.h"
#include "tui/list_nav.h"
#include "tui/map_browser.h"

namespace cperf {

class Terminal;

// One symbol ready to browse. `a.hist` (and members) must outlive the view.
struct AnnotateView {
  std::string title;          // the event's histogram title (annotate_print2.h's hists_title)
  std::string sym_name;       // the symbol
  std::string dso_long_name;  // its dso as perf names it in the title
  PercentType percent = PercentType::kLocalPeriod;
  AnnotatedSymbol a;
  Annotation2 n;
  // Owns what `a` points to, when the view is made for the browser (a callee).
  std::shared_ptr<const void> keep;
  // The recording's x86 CPU (perf's cpuid header), for perf's marks of the compare/test a
  // conditional jump fuses with; family 0: unknown (no marks).
  X86Cpu cpu;
  // The symbol's start and end in the dso's addresses as perf keeps them (file offsets for
  // executables): the hex digits of perf's address column with 'o' (end 0: objdump's end),
  // the addresses 'f' shows.
  uint64_t sym_start = 0, sym_end = 0;
  // The source's own record of the symbol (its callees are looked up from it).
  const void* keep_key = nullptr;
};

// Where the browsers get annotations from (the report's samples, objdump): the selected
// symbol of the histogram, or the callee of a call instruction.
class AnnotateSource {
 public:
  virtual ~AnnotateSource() = default;
  struct Result {
    std::unique_ptr<AnnotateView> view;
    std::string error;  // perf's reason after "Couldn't annotate SYM:\n" (view null)
  };
  // The symbol `sym` of dso `dso` (its short name) as sampled in this histogram.
  virtual Result open(const std::string& dso, const std::string& sym) = 0;
  // The symbol the call (or outside jump) at line `line` of `from` goes to; a null view with
  // no error: perf's "The called function was not found."
  virtual Result open_callee(const AnnotateView& from, size_t line) = 0;
  // The symbols of dso `dso` (its short name) for perf's map browser; none: not known.
  virtual MapDetails map_details(const std::string& dso) { return {dso, {}}; }
};

// perf's annotate options that outlive one browser (its global annotate_opts and
// symbol_conf): the callee's browser and the next symbol's start with them.
struct AnnotateToggles {
  enum class Values { kPercent, kPeriod, kSamples };
  Values values = Values::kPercent;
  bool jump_arrows = true;
  bool show_nr_jumps = false;
  bool use_offset = true;  // 'o' off: every line's objdump address
  bool full_addr = false;  // 'f' (with 'o'): the dso's addresses, a 16-digit column
  int offset_level = 1;  // 1: jump targets, 2: and calls, 3: every line
  bool percent_set = false;  // false: the view's own percent type
  PercentType percent = PercentType::kLocalPeriod;
};

// perf 7.2's help window of the annotate browser.
extern const char* const kAnnotateHelp;

class AnnotateBrowser {
 public:
  // `toggles`: shared with other browsers (null: this browser's own).
  explicit AnnotateBrowser(const AnnotateView& v, AnnotateToggles* toggles = nullptr);

  // The two title rows (perf draws them when the browser shows, not at each refresh).
  void draw_title(Canvas& c) const;
  // The rows below the title, the scroll bar and the help line, over what the screen shows.
  void draw(Canvas& c);
  // A fresh screen: the title and the rows.
  Canvas screen(int rows, int cols);

  enum class Act { kNone, kLeave, kCallee, kHelp, kSearch, kSearchBack, kTitle };
  // Acts on a key with a screen of `rows` lines; what the caller has to do.
  Act key(int k, size_t rows);
  // perf's search of `s` in objdump's text of the lines after (before) the current one: the
  // line found selected, half a screen above it shown; false: "String not found!". 'n'
  // searches `s` again.
  bool search(const std::string& s, bool backwards, size_t rows);
  // The last string searched for and its direction ('n' repeats it; empty: 'n' asks).
  const std::string& search_text() const { return search_; }
  bool searching_backwards() const { return backwards_; }

  // Runs on the terminal until left; the callees through `src`.
  void run(Terminal& t, AnnotateSource* src);

  // For tests: the selected row (an index among the instruction lines), the first shown, and
  // whether the selection shows.
  size_t index() const { return nav_.index; }
  size_t top() const { return nav_.top; }
  bool selection_shown() const { return nav_.selection_shown(); }
  // The lines perf orders by heat (instruction indices, coldest first).
  const std::vector<size_t>& hot_order() const { return hot_; }
  // The line of a.lines at instruction index i.
  size_t line_of(size_t i) const { return asm_[i]; }
  const std::string& message() const { return message_; }

 private:
  using Values = AnnotateToggles::Values;
  int pcnt_width() const;
  int jumps_width() const;  // perf's widths.jumps: the digits of the most jumps to a line
  int target_width() const;  // perf's widths.target: the offsets' ('o': addresses') digits
  int addr_width() const;    // perf's widths.addr: the targets' and, with 'J', the jump counts
  PercentType percent() const { return opt_->percent; }
  const std::vector<LineValue>& values_of(size_t column) const { return cols_[column]; }
  void set_percent(PercentType t);
  void input_search(Terminal& t, bool backwards);
  void set_top(size_t idx, size_t rows);  // perf's annotate_browser__set_top
  void go_hot(size_t h, size_t rows);
  void write_line(Canvas& c, int row, size_t idx, bool first, int width) const;
  void draw_jump(Canvas& c, size_t list_rows) const;
  bool fused(size_t idx) const;  // the instruction before idx fuses with it

  const AnnotateView& v_;
  std::vector<size_t> asm_;  // the instruction lines (indices into v_.a.lines)
  std::vector<size_t> hot_;  // instruction indices with a value, coldest first (ties: line order)
  AnnotateToggles own_;
  AnnotateToggles* opt_;
  std::vector<std::vector<LineValue>> cols_;  // per event column, per line, of percent()
  std::vector<double> max_percent_;  // per instruction index
  int max_jump_sources_ = 0;
  long hot_pos_ = -1;  // perf's nd: the position in hot_ last gone to (-1: none)
  ListNav nav_;
  std::string search_;
  bool backwards_ = false;
  bool started_ = false;  // the first draw places the view on the hottest line
  std::string message_;
};

}  // namespace cperf
