// Private to core/record: RAII wrappers over the SQLite C API that turn every error into a
// one-line RecordingError naming the file.
#pragma once

#include <sqlite3.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "record/recording_writer.h"

namespace contactsim::record_detail {

// SQLite quotes schema SQL in some messages ("malformed database schema (t) - unrecognized
// token: ..."), line breaks included; the contract is one line per error, so every run of white
// space that holds a line break becomes one space.
inline std::string singleLine(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t end = i;
    bool breaks = false;
    while (end < text.size() &&
           (text[end] == ' ' || text[end] == '\t' || text[end] == '\r' || text[end] == '\n')) {
      breaks = breaks || text[end] == '\n' || text[end] == '\r';
      ++end;
    }
    if (end == i) {
      out += text[i++];
    } else {
      out.append(breaks ? std::string(" ") : text.substr(i, end - i));
      i = end;
    }
  }
  return out;
}

// A failure reported by SQLite itself (as opposed to a check of ours); `reason` is SQLite's
// message, e.g. "file is not a database" or "database disk image is malformed".
class SqliteFailure : public RecordingError {
 public:
  SqliteFailure(const std::string& message, std::string reason)
      : RecordingError(singleLine(message)), reason(singleLine(reason)) {}
  std::string reason;
};

static_assert(std::endian::native == std::endian::little,
              "recording BLOBs are little-endian; add byte swapping for this platform");

class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, const std::string& file, const char* sql) : db_(db), file_(&file) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail("prepare");
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(Statement&& o) noexcept : db_(o.db_), file_(o.file_), stmt_(o.stmt_) {
    o.stmt_ = nullptr;
  }
  Statement& operator=(Statement&& o) noexcept {
    if (this != &o) {
      sqlite3_finalize(stmt_);
      db_ = o.db_;
      file_ = o.file_;
      stmt_ = o.stmt_;
      o.stmt_ = nullptr;
    }
    return *this;
  }

  // Binding: 1-based indices as in SQLite.
  void bindDouble(int i, double x) {
    // SQLite stores NaN as NULL; bind it as NULL explicitly (the reader maps NULL to NaN).
    check(std::isnan(x) ? sqlite3_bind_null(stmt_, i) : sqlite3_bind_double(stmt_, i, x));
  }
  void bindInt(int i, std::int64_t x) { check(sqlite3_bind_int64(stmt_, i, x)); }
  void bindText(int i, const std::string& s) {
    check(sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT));
  }
  // NULL when empty. The data must stay alive until step() (SQLITE_STATIC).
  void bindBlob(int i, const void* data, std::size_t bytes) {
    if (bytes == 0) {
      check(sqlite3_bind_null(stmt_, i));
    } else {
      check(sqlite3_bind_blob64(stmt_, i, data, bytes, SQLITE_STATIC));
    }
  }

  // True while a row is available.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("step");
    return false;
  }
  // For statements without result rows: step once, then reset for the next use.
  void run() {
    step();
    reset();
  }
  // A statement never prepared (a table an older schema lacks) has nothing to reset:
  // sqlite3_clear_bindings dereferences its argument, unlike sqlite3_reset.
  void reset() {
    if (!stmt_) return;
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  bool isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  // NULL reads as NaN (how NaN was written).
  double columnDouble(int col) const {
    if (isNull(col)) return std::numeric_limits<double>::quiet_NaN();
    return sqlite3_column_double(stmt_, col);
  }
  std::int64_t columnInt(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string columnText(int col) const {
    const unsigned char* text = sqlite3_column_text(stmt_, col);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
                : std::string();
  }
  int columnType(int col) const { return sqlite3_column_type(stmt_, col); }
  // The BLOB as an array of T; false when its size is not a multiple of sizeof(T).
  template <class T>
  bool columnArray(int col, std::vector<T>& out) const {
    const void* data = sqlite3_column_blob(stmt_, col);
    const std::size_t bytes = static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col));
    out.clear();
    if (bytes % sizeof(T) != 0) return false;
    out.resize(bytes / sizeof(T));
    if (bytes > 0) std::memcpy(out.data(), data, bytes);
    return true;
  }

  [[noreturn]] void fail(const char* what) const {
    const std::string reason = sqlite3_errmsg(db_);
    throw SqliteFailure(*file_ + ": " + what + " failed: " + reason, reason);
  }

 private:
  void check(int rc) const {
    if (rc != SQLITE_OK) fail("bind");
  }
  sqlite3* db_ = nullptr;
  const std::string* file_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
};

// Runs SQL without results (several statements allowed). Throws naming the file and `what`.
inline void execute(sqlite3* db, const std::string& file, const char* sql, const char* what) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    throw SqliteFailure(file + ": " + what + ": " + text, text);
  }
}

}  // namespace contactsim::record_detail
