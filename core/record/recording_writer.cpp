#include "record/recording_writer.h"

#include <array>
#include <cmath>
#include <ctime>
#include <string>
#include <system_error>
#include <utility>

#include "record/recording_format.h"
#include "record/sqlite_util.h"

#ifndef CONTACTSIM_VERSION
#define CONTACTSIM_VERSION "unknown"
#endif

namespace contactsim {

using record_detail::execute;
using record_detail::Statement;

namespace {

std::string utcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

std::vector<double> flatten(const std::vector<Vec3>& points) {
  std::vector<double> out;
  out.reserve(points.size() * 3);
  for (const Vec3& p : points) out.insert(out.end(), {p.x(), p.y(), p.z()});
  return out;
}

}  // namespace

struct RecordingWriter::Impl {
  std::filesystem::path path;
  std::string file;  // path as text, for messages
  sqlite3* db = nullptr;
  std::size_t body_count = 0, cable_count = 0, drive_count = 0;
  std::int64_t frames = 0;  // appended (committed or pending)
  double last_time = -std::numeric_limits<double>::infinity();
  int frames_per_transaction = 1;
  int pending = 0;  // frames in the open transaction
  Statement insert_frame, insert_body, insert_contact, insert_loop, insert_cable, insert_drive;
  Statement insert_checkpoint;
  Statement begin, commit, rollback;
  std::vector<double> scratch;

  ~Impl() { closeDatabase(); }

  void closeDatabase() {
    insert_frame = {};
    insert_body = {};
    insert_contact = {};
    insert_loop = {};
    insert_cable = {};
    insert_drive = {};
    insert_checkpoint = {};
    begin = {};
    commit = {};
    rollback = {};
    if (db) sqlite3_close(db);
    db = nullptr;
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw RecordingError(file + ": " + what);
  }

  void openReplacing();
  void createSchema();
  void writeMeta(const RecordingHeader& header);
  void writeBodies(const std::vector<RecordingBody>& bodies);
  void writeHeader(const RecordingHeader& header);
  void prepareFrameStatements();
  void writeFrame(const SimulationFrame& f);
};

namespace {

// One row per name, numbered from 0: the cables and drives tables.
void insertNames(sqlite3* db, const std::string& file, const char* sql,
                 const std::vector<std::string>& names) {
  Statement insert(db, file, sql);
  for (std::size_t i = 0; i < names.size(); ++i) {
    insert.bindInt(1, static_cast<std::int64_t>(i));
    insert.bindText(2, names[i]);
    insert.run();
  }
}

}  // namespace

// Replaces an existing recording, including a stale journal of a crashed run, and opens a new one.
void RecordingWriter::Impl::openReplacing() {
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::error_code ec;
    std::filesystem::remove(file + suffix, ec);
    if (ec && ec != std::errc::no_such_file_or_directory)
      fail("cannot create: cannot replace the existing file: " + ec.message());
  }
  if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    closeDatabase();
    fail("cannot create: " + message);
  }
}

// The file's settings and tables. Creating the file for real happens at the first write: a failure
// here is reported as "cannot create".
void RecordingWriter::Impl::createSchema() {
  char* message = nullptr;
  // 8 KiB pages: three 100-point contact loops (2.4 KB each) fit in one page; with the default
  // 4 KiB pages a recording of busy frames is 40 % larger.
  if (sqlite3_exec(db, "PRAGMA page_size=8192; PRAGMA journal_mode=WAL", nullptr, nullptr,
                   &message) != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    fail("cannot create: " + text);
  }
  execute(db, file,
          ("PRAGMA synchronous=NORMAL; PRAGMA application_id=" +
           std::to_string(kRecordingApplicationId) +
           "; PRAGMA user_version=" + std::to_string(kRecordingSchemaVersion) + ";")
              .c_str(),
          "cannot create");
  execute(db, file, "BEGIN", "cannot create");
  execute(db, file, kRecordingSchemaSql, "cannot create the tables");
}

// The meta table: format, versions, creation time, nominal step and the counts a reader checks.
void RecordingWriter::Impl::writeMeta(const RecordingHeader& header) {
  Statement meta(db, file, "INSERT INTO meta(key, value) VALUES(?, ?)");
  auto metaText = [&](const char* key, const std::string& value) {
    meta.bindText(1, key);
    meta.bindText(2, value);
    meta.run();
  };
  auto metaInt = [&](const char* key, std::int64_t value) {
    meta.bindText(1, key);
    meta.bindInt(2, value);
    meta.run();
  };
  metaText("format", kRecordingFormatName);
  metaInt("schema_version", kRecordingSchemaVersion);
  metaText("created", utcNow());
  metaText("program_version", CONTACTSIM_VERSION);
  meta.bindText(1, "time_step");
  meta.bindDouble(2, header.time_step);
  meta.run();
  metaInt("body_count", static_cast<std::int64_t>(header.bodies.size()));
  metaInt("cable_count", static_cast<std::int64_t>(header.cables.size()));
  metaInt("drive_count", static_cast<std::int64_t>(header.drives.size()));
}

// Each body's name, mass and mesh (in its mesh frame); a name given twice is refused.
void RecordingWriter::Impl::writeBodies(const std::vector<RecordingBody>& bodies) {
  Statement body(db, file,
                 "INSERT INTO bodies(body, name, fixed, mass, vertex_count, triangle_count, "
                 "vertices, triangles) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    const RecordingBody& rb = bodies[b];
    std::vector<double> vertices;
    std::vector<std::int32_t> triangles;
    if (rb.mesh) {
      vertices = flatten(rb.mesh->vertices());
      triangles.reserve(rb.mesh->triangleCount() * 3);
      for (const TriangleIndices& t : rb.mesh->triangles())
        triangles.insert(triangles.end(), t.begin(), t.end());
    }
    body.bindInt(1, static_cast<std::int64_t>(b));
    body.bindText(2, rb.name);
    body.bindInt(3, rb.fixed ? 1 : 0);
    body.bindDouble(4, rb.mass);
    body.bindInt(5, static_cast<std::int64_t>(vertices.size() / 3));
    body.bindInt(6, static_cast<std::int64_t>(triangles.size() / 3));
    body.bindBlob(7, vertices.data(), vertices.size() * sizeof(double));
    body.bindBlob(8, triangles.data(), triangles.size() * sizeof(std::int32_t));
    try {
      body.run();
    } catch (const RecordingError&) {
      if (sqlite3_extended_errcode(db) == SQLITE_CONSTRAINT_UNIQUE)
        fail("body name '" + rb.name + "' appears twice");
      throw;
    }
  }
}

// Everything a run writes before its first frame, in one transaction.
void RecordingWriter::Impl::writeHeader(const RecordingHeader& header) {
  createSchema();
  writeMeta(header);
  {
    Statement scene(db, file, "INSERT INTO scene(id, path, json) VALUES(0, ?, ?)");
    scene.bindText(1, header.scene_path);
    scene.bindText(2, header.scene_json);
    scene.run();
  }
  writeBodies(header.bodies);
  insertNames(db, file, "INSERT INTO cables(cable, name) VALUES(?, ?)", header.cables);
  insertNames(db, file, "INSERT INTO drives(drive, name) VALUES(?, ?)", header.drives);
  execute(db, file, "COMMIT", "cannot write the header");
}

// The statements every frame reuses.
void RecordingWriter::Impl::prepareFrameStatements() {
  insert_frame = Statement(
      db, file,
      "INSERT INTO frames(frame, time, kinetic, gravity, springs, cable_work, load_work, "
      "source_work, dissipated, balance, newton_iterations, substeps, constraint_violation, "
      "step_wall_seconds, contact_count, drive_work) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  insert_body = Statement(db, file,
                          "INSERT INTO body_states(frame, body, x, y, z, qw, qx, qy, qz, vx, "
                          "vy, vz, wx, wy, wz, rotation) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  std::string contact_sql =
      std::string("INSERT INTO contacts(frame, ") + kContactColumns + ") VALUES(?";
  for (int c = 0; c < kContactColumnCount; ++c) contact_sql += ",?";
  insert_contact = Statement(db, file, (contact_sql + ")").c_str());
  insert_loop = Statement(db, file,
                          "INSERT INTO contact_loops(frame, contact, loop, point_count, "
                          "points) VALUES(?,?,?,?,?)");
  insert_cable = Statement(
      db, file, "INSERT INTO cable_states(frame, cable, length, tension) VALUES(?,?,?,?)");
  insert_drive = Statement(
      db, file, "INSERT INTO drive_states(frame, drive, position, effort) VALUES(?,?,?,?)");
  insert_checkpoint = Statement(db, file, "INSERT INTO checkpoints(frame, state) VALUES(?, ?)");
  begin = Statement(db, file, "BEGIN");
  commit = Statement(db, file, "COMMIT");
  rollback = Statement(db, file, "ROLLBACK");
}

RecordingWriter::RecordingWriter(const std::filesystem::path& path, const RecordingHeader& header,
                                 RecordingOptions options)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.path = path;
  m.file = path.string();
  m.body_count = header.bodies.size();
  m.cable_count = header.cables.size();
  m.drive_count = header.drives.size();
  m.frames_per_transaction = std::max(1, options.frames_per_transaction);
  m.openReplacing();
  try {
    m.writeHeader(header);
    m.prepareFrameStatements();
  } catch (...) {
    m.closeDatabase();
    throw;
  }
}

RecordingWriter::~RecordingWriter() {
  try {
    close();
  } catch (...) {
    // Destructors must not throw; close() reports the same error to callers who ask.
  }
}

void RecordingWriter::Impl::writeFrame(const SimulationFrame& f) {
  const std::int64_t index = frames;
  for (std::size_t b = 0; b < f.bodies.size(); ++b) {
    const BodyState& s = f.bodies[b];
    const Eigen::Quaterniond q = canonicalQuaternion(s.pose.rotation);
    // Row-major, whatever Eigen's storage order is.
    std::array<double, 9> r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r[3 * i + j] = s.pose.rotation(i, j);
    Statement& st = insert_body;
    st.bindInt(1, index);
    st.bindInt(2, static_cast<std::int64_t>(b));
    const double values[] = {s.pose.translation.x(),
                             s.pose.translation.y(),
                             s.pose.translation.z(),
                             q.w(),
                             q.x(),
                             q.y(),
                             q.z(),
                             s.linear_velocity.x(),
                             s.linear_velocity.y(),
                             s.linear_velocity.z(),
                             s.angular_velocity.x(),
                             s.angular_velocity.y(),
                             s.angular_velocity.z()};
    for (int k = 0; k < 13; ++k) st.bindDouble(3 + k, values[k]);
    st.bindBlob(16, r.data(), sizeof r);
    st.run();
  }
  for (const ContactDiagnostics& c : f.contacts) {
    const ContactPatch& p = c.patch;
    Statement& st = insert_contact;
    int k = 1;
    st.bindInt(k++, index);
    st.bindInt(k++, c.body_a);
    st.bindInt(k++, c.body_b);
    st.bindInt(k++, p.id);
    auto vec = [&](const Vec3& v) {
      st.bindDouble(k++, v.x());
      st.bindDouble(k++, v.y());
      st.bindDouble(k++, v.z());
    };
    vec(p.centroid);
    vec(p.pressure_centre);
    vec(p.normal);
    st.bindDouble(k++, p.indentation);
    st.bindDouble(k++, c.indentation_rate);
    st.bindDouble(k++, c.normal_force);
    vec(c.friction_force);
    vec(c.rolling_torque);
    vec(c.slip_velocity);
    st.bindDouble(k++, p.area);
    st.bindInt(k++, c.sticking ? 1 : 0);
    st.bindInt(k++, p.has_open_loop ? 1 : 0);
    st.bindDouble(k++, p.depth_a);
    st.bindDouble(k++, p.depth_b);
    vec(p.deepest_point_a);
    vec(p.deepest_point_b);
    st.bindInt(k++, static_cast<std::int64_t>(p.loops.size()));
    st.bindBlob(k++, p.triangles_a.data(), p.triangles_a.size() * sizeof(std::int32_t));
    st.bindBlob(k++, p.triangles_b.data(), p.triangles_b.size() * sizeof(std::int32_t));
    st.bindInt(k++, p.continues);
    st.bindDouble(k++, p.surface_offset);
    st.run();
    const std::int64_t contact_row = sqlite3_last_insert_rowid(db);
    for (std::size_t l = 0; l < p.loops.size(); ++l) {
      scratch = flatten(p.loops[l]);
      Statement& ls = insert_loop;
      ls.bindInt(1, index);
      ls.bindInt(2, contact_row);
      ls.bindInt(3, static_cast<std::int64_t>(l));
      ls.bindInt(4, static_cast<std::int64_t>(p.loops[l].size()));
      ls.bindBlob(5, scratch.data(), scratch.size() * sizeof(double));
      ls.run();
    }
  }
  // Rows (frame, index, value, value) of cables and drives.
  const auto insertStates = [&](Statement& st, std::size_t count, auto values) {
    for (std::size_t k = 0; k < count; ++k) {
      const auto [first, second] = values(k);
      st.bindInt(1, index);
      st.bindInt(2, static_cast<std::int64_t>(k));
      st.bindDouble(3, first);
      st.bindDouble(4, second);
      st.run();
    }
  };
  insertStates(insert_cable, f.cables.size(),
               [&](std::size_t c) { return std::pair(f.cables[c].length, f.cables[c].tension); });
  insertStates(insert_drive, f.drives.size(),
               [&](std::size_t d) { return std::pair(f.drives[d].position, f.drives[d].effort); });
  // Last: the frame exists once this row does.
  const EnergyReport& e = f.energy;
  Statement& st = insert_frame;
  st.bindInt(1, index);
  st.bindDouble(2, f.time);
  const double energies[] = {e.kinetic,   e.gravity,     e.springs,    e.cable_work,
                             e.load_work, e.source_work, e.dissipated, e.balance()};
  for (int k = 0; k < 8; ++k) st.bindDouble(3 + k, energies[k]);
  st.bindInt(11, f.solver.newton_iterations);
  st.bindInt(12, f.solver.substeps);
  st.bindDouble(13, f.solver.constraint_violation);
  st.bindDouble(14, f.solver.step_wall_seconds);
  st.bindInt(15, static_cast<std::int64_t>(f.contacts.size()));
  st.bindDouble(16, e.drive_work);
  st.run();
}

void RecordingWriter::append(const SimulationFrame& f, std::span<const std::uint8_t> checkpoint) {
  Impl& m = *impl_;
  if (!m.db) m.fail("append after close");
  const std::string where = "frame " + std::to_string(m.frames) + ": ";
  if (f.bodies.size() != m.body_count)
    m.fail(where + std::to_string(f.bodies.size()) + " bodies, the recording has " +
           std::to_string(m.body_count));
  if (f.cables.size() != m.cable_count)
    m.fail(where + std::to_string(f.cables.size()) + " cables, the recording has " +
           std::to_string(m.cable_count));
  if (f.drives.size() != m.drive_count)
    m.fail(where + std::to_string(f.drives.size()) + " drives, the recording has " +
           std::to_string(m.drive_count));
  if (std::isnan(f.time) || f.time < m.last_time)
    m.fail(where + "time " + std::to_string(f.time) + " before the previous frame's " +
           std::to_string(m.last_time));
  for (const ContactDiagnostics& c : f.contacts) {
    const auto valid = [&](int b) { return b >= 0 && static_cast<std::size_t>(b) < m.body_count; };
    if (!valid(c.body_a) || !valid(c.body_b))
      m.fail(where + "contact between bodies " + std::to_string(c.body_a) + " and " +
             std::to_string(c.body_b) + ", the recording has " + std::to_string(m.body_count));
  }
  // On any failure: drop the partial frame (and, when batching, the frames pending with it).
  const auto abandon = [&m] {
    try {
      for (Statement* st :
           {&m.insert_frame, &m.insert_body, &m.insert_contact, &m.insert_loop, &m.insert_cable,
            &m.insert_drive, &m.insert_checkpoint, &m.begin, &m.commit})
        st->reset();
      if (!sqlite3_get_autocommit(m.db)) m.rollback.run();
    } catch (...) {
      // The first error is the one to report.
    }
    m.frames -= m.pending;
    m.pending = 0;
  };
  try {
    if (m.pending == 0) m.begin.run();
    if (!checkpoint.empty()) {
      // Before the frames row, which writeFrame writes last: a frame exists when that row does.
      m.insert_checkpoint.bindInt(1, m.frames);
      m.insert_checkpoint.bindBlob(2, checkpoint.data(), checkpoint.size());
      m.insert_checkpoint.run();
    }
    m.writeFrame(f);
    ++m.frames;
    ++m.pending;
    m.last_time = f.time;
    if (m.pending >= m.frames_per_transaction) {
      m.commit.run();
      m.pending = 0;
    }
  } catch (const record_detail::SqliteFailure& e) {
    abandon();
    m.fail(where + "cannot write: " + e.reason);  // e.g. "database or disk is full"
  } catch (...) {
    abandon();
    throw;
  }
}

void RecordingWriter::close() {
  Impl& m = *impl_;
  if (!m.db) return;
  try {
    if (m.pending > 0) {
      try {
        m.commit.run();
      } catch (const record_detail::SqliteFailure& e) {
        m.fail("cannot write the last frames: " + e.reason);
      }
      m.pending = 0;
    }
    m.insert_frame = {};
    m.insert_body = {};
    m.insert_contact = {};
    m.insert_loop = {};
    m.insert_cable = {};
    m.insert_drive = {};
    m.insert_checkpoint = {};
    m.begin = {};
    m.commit = {};
    m.rollback = {};
    // Back to a rollback journal: checkpoints the WAL into the file and removes it, so the
    // recording is one self-contained file that read-only media can serve.
    execute(m.db, m.file, "PRAGMA journal_mode=DELETE", "cannot finish the file");
  } catch (...) {
    m.closeDatabase();
    throw;
  }
  if (sqlite3_close(m.db) != SQLITE_OK) {
    const std::string message = sqlite3_errmsg(m.db);
    sqlite3_close_v2(m.db);
    m.db = nullptr;
    m.fail("cannot close: " + message);
  }
  m.db = nullptr;
}

std::int64_t RecordingWriter::frameCount() const { return impl_->frames; }
const std::filesystem::path& RecordingWriter::path() const { return impl_->path; }

}  // namespace contactsim
