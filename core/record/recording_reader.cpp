#include "record/recording_reader.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

#include "record/recording_format.h"
#include "record/sqlite_util.h"

namespace contactsim {

using record_detail::Statement;

struct RecordingReader::Impl {
  std::filesystem::path path;
  std::string file;
  sqlite3* db = nullptr;
  RecordingHeader header;
  std::vector<std::int64_t> frame_ids;  // frames rows in order
  std::vector<double> times;
  Statement select_frame, select_bodies, select_contacts, select_loops, select_cables;
  Statement select_drives;  // version >= 2 only

  ~Impl() { closeDatabase(); }
  void closeDatabase() {
    select_frame = {};
    select_bodies = {};
    select_contacts = {};
    select_loops = {};
    select_cables = {};
    select_drives = {};
    if (db) sqlite3_close(db);
    db = nullptr;
  }
  // After a frame read failed part-way: every per-frame statement ready for the next read.
  void resetFrameStatements() {
    for (Statement* st : {&select_frame, &select_bodies, &select_contacts, &select_loops,
                          &select_cables, &select_drives})
      st->reset();
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw RecordingError(file + ": " + record_detail::singleLine(what));
  }
  // A SQLite failure while opening: mostly "file is not a database" or "malformed".
  [[noreturn]] void notARecording(const std::string& why) const {
    fail("not a readable contactsim recording (" + why + ")");
  }

  [[noreturn]] void corrupt(const std::string& where, const std::string& what) const {
    fail(where + "corrupt recording (" + what + ")");
  }

  void open();
  void validateHeader(std::uintmax_t size);
  void readHeader();

  // The parts of one frame, read by frame(); each checks its rows against the header.
  struct ContactRows {
    std::vector<std::int64_t> ids, loop_counts;
  };
  std::int64_t readFrameRow(std::int64_t id, const std::string& where, SimulationFrame& f);
  void readBodyStates(std::int64_t id, const std::string& where, SimulationFrame& f);
  void readContacts(std::int64_t id, const std::string& where, std::int64_t contact_count,
                    SimulationFrame& f, ContactRows& rows);
  void readLoops(std::int64_t id, const std::string& where, const ContactRows& rows,
                 SimulationFrame& f);
  template <class State>
  void readStates(Statement& st, std::int64_t id, const std::string& where, std::size_t named,
                  const std::string& noun, std::vector<State>& out);
  std::vector<double> scratch;  // a BLOB's doubles
};

namespace {

bool hasTable(sqlite3* db, const std::string& file, const char* name) {
  Statement st(db, file, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  st.bindText(1, name);
  return st.step();
}

Vec3 vec3(const Statement& st, int col) {
  return {st.columnDouble(col), st.columnDouble(col + 1), st.columnDouble(col + 2)};
}

}  // namespace

void RecordingReader::Impl::open() {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) fail("cannot open: no such file");
  if (!std::filesystem::is_regular_file(status)) fail("cannot open: not a regular file");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) fail("cannot open: " + ec.message());
  if (size == 0) fail("not a contactsim recording (empty file)");
  validateHeader(size);
  if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    closeDatabase();
    fail("cannot open: " + message);
  }
  // A live writer may be checkpointing, or a reader recovering a killed writer's WAL.
  sqlite3_busy_timeout(db, 5000);
  // Every open-time query below may meet a corrupt file: report those uniformly.
  try {
    readHeader();
  } catch (const RecordingError&) {
    closeDatabase();
    throw;
  }
}

// SQLite's own header (the first 100 bytes): the magic string, and the database size it
// records. A file cut short would otherwise fail later, or only on the pages a query touches,
// with SQLite's "malformed". With a -wal file left by a killed writer, pages may live in the
// WAL, so the size is only checked when there is none.
void RecordingReader::Impl::validateHeader(std::uintmax_t size) {
  std::ifstream probe(path, std::ios::binary);
  if (!probe) fail("cannot open: permission denied or unreadable");
  unsigned char h[100] = {};
  probe.read(reinterpret_cast<char*>(h), sizeof h);
  const std::size_t got = static_cast<std::size_t>(probe.gcount());
  if (got < 16 || std::memcmp(h, "SQLite format 3", 16) != 0)
    fail("not a contactsim recording (not an SQLite database)");
  if (got < sizeof h)
    fail("truncated recording (" + std::to_string(size) + " bytes, less than the SQLite header)");
  const auto be32 = [&](int at) {
    return (std::uint32_t{h[at]} << 24) | (std::uint32_t{h[at + 1]} << 16) |
           (std::uint32_t{h[at + 2]} << 8) | std::uint32_t{h[at + 3]};
  };
  const std::uint32_t raw_page_size = (std::uint32_t{h[16]} << 8) | h[17];
  const std::uintmax_t page_size = raw_page_size == 1 ? 65536 : raw_page_size;
  const std::uintmax_t page_count = be32(28);
  const bool count_valid = be32(24) == be32(92) && page_count > 0;  // SQLite's own rule
  std::error_code ec;
  const bool wal = std::filesystem::file_size(file + "-wal", ec) > 0 && !ec;
  if (!wal && count_valid && page_size * page_count > size) {
    fail("truncated recording (" + std::to_string(size) + " bytes, the header says " +
         std::to_string(page_size * page_count) + ")");
  }
}

void RecordingReader::Impl::readHeader() {
  std::string format;
  std::int64_t version = 0;
  try {
    if (!hasTable(db, file, "meta")) notARecording("no meta table");
    Statement meta(db, file, "SELECT key, value FROM meta");
    while (meta.step()) {
      const std::string key = meta.columnText(0);
      if (key == "format") format = meta.columnText(1);
      if (key == "schema_version") version = meta.columnInt(1);
      if (key == "created") header.created = meta.columnText(1);
      if (key == "program_version") header.program_version = meta.columnText(1);
      if (key == "time_step") header.time_step = meta.columnDouble(1);
    }
  } catch (const record_detail::SqliteFailure& e) {
    // SQLite's own: "file is not a database", "database disk image is malformed", ...
    notARecording(e.reason);
  }
  if (format != kRecordingFormatName)
    fail("not a contactsim recording (format '" + format + "', expected '" + kRecordingFormatName +
         "')");
  if (version > kRecordingSchemaVersion)
    fail("recording schema version " + std::to_string(version) +
         " is newer than this program reads (" + std::to_string(kRecordingSchemaVersion) +
         "); use a newer contactsim");
  if (version < 1) fail("invalid recording schema version " + std::to_string(version));
  header.schema_version = static_cast<int>(version);

  try {
    Statement scene(db, file, "SELECT path, json FROM scene WHERE id = 0");
    if (scene.step()) {
      header.scene_path = scene.columnText(0);
      header.scene_json = scene.columnText(1);
    }
    Statement bodies(db, file,
                     "SELECT body, name, fixed, mass, vertex_count, triangle_count FROM bodies "
                     "ORDER BY body");
    while (bodies.step()) {
      if (bodies.columnInt(0) != static_cast<std::int64_t>(header.bodies.size()))
        fail("corrupt recording (body indices are not 0, 1, 2, ...)");
      RecordingBody b;
      b.name = bodies.columnText(1);
      b.fixed = bodies.columnInt(2) != 0;
      b.mass = bodies.columnDouble(3);
      b.vertex_count = bodies.columnInt(4);
      b.triangle_count = bodies.columnInt(5);
      header.bodies.push_back(std::move(b));
    }
    Statement cables(db, file, "SELECT cable, name FROM cables ORDER BY cable");
    while (cables.step()) {
      if (cables.columnInt(0) != static_cast<std::int64_t>(header.cables.size()))
        fail("corrupt recording (cable indices are not 0, 1, 2, ...)");
      header.cables.push_back(cables.columnText(1));
    }
    // Version 1 had no drives table: no drives, drive_work 0.
    if (version >= 2) {
      Statement drives(db, file, "SELECT drive, name FROM drives ORDER BY drive");
      while (drives.step()) {
        if (drives.columnInt(0) != static_cast<std::int64_t>(header.drives.size()))
          fail("corrupt recording (drive indices are not 0, 1, 2, ...)");
        header.drives.push_back(drives.columnText(1));
      }
    }
    Statement frames(db, file, "SELECT frame, time FROM frames ORDER BY frame");
    while (frames.step()) {
      frame_ids.push_back(frames.columnInt(0));
      times.push_back(frames.columnDouble(1));
    }

    const std::string frame_sql =
        std::string(
            "SELECT time, kinetic, gravity, springs, cable_work, load_work, source_work, "
            "dissipated, newton_iterations, substeps, constraint_violation, "
            "step_wall_seconds, contact_count, ") +
        (version >= 2 ? "drive_work" : "0.0") + " FROM frames WHERE frame = ?";
    select_frame = Statement(db, file, frame_sql.c_str());
    select_bodies = Statement(db, file,
                              "SELECT body, x, y, z, qw, qx, qy, qz, vx, vy, vz, wx, wy, wz, "
                              "rotation FROM body_states WHERE frame = ? ORDER BY body");
    std::string columns = kContactColumns;
    // Columns an older file lacks: their names become constants.
    const auto constant = [&columns](const std::string& name, const char* value) {
      columns.replace(columns.rfind(name), name.size(), value);
    };
    if (version < 4) constant("surface_offset", kContactSurfaceOffsetBeforeVersion4);
    if (version < 3) constant("continues", kContactContinuesBeforeVersion3);
    const std::string contact_sql =
        "SELECT contact, " + columns + " FROM contacts WHERE frame = ? ORDER BY contact";
    select_contacts = Statement(db, file, contact_sql.c_str());
    select_loops = Statement(db, file,
                             "SELECT contact, loop, point_count, points FROM contact_loops "
                             "WHERE frame = ? ORDER BY contact, loop");
    select_cables = Statement(
        db, file, "SELECT cable, length, tension FROM cable_states WHERE frame = ? ORDER BY cable");
    if (version >= 2) {
      select_drives = Statement(
          db, file,
          "SELECT drive, position, effort FROM drive_states WHERE frame = ? ORDER BY drive");
    }
  } catch (const record_detail::SqliteFailure& e) {
    notARecording(e.reason);
  }
}

RecordingReader::RecordingReader(const std::filesystem::path& path)
    : impl_(std::make_unique<Impl>()) {
  impl_->path = path;
  impl_->file = path.string();
  impl_->open();
}

RecordingReader::~RecordingReader() = default;

const RecordingHeader& RecordingReader::header() const { return impl_->header; }
const std::filesystem::path& RecordingReader::path() const { return impl_->path; }
std::int64_t RecordingReader::frameCount() const {
  return static_cast<std::int64_t>(impl_->frame_ids.size());
}

double RecordingReader::frameTime(std::int64_t i) const {
  if (i < 0 || i >= frameCount())
    impl_->fail("no frame " + std::to_string(i) + " (" + std::to_string(frameCount()) + " frames)");
  return impl_->times[static_cast<std::size_t>(i)];
}

std::int64_t RecordingReader::firstFrameAtOrAfter(double t) const {
  const auto& times = impl_->times;
  // Times never decrease (the writer enforces it).
  return std::lower_bound(times.begin(), times.end(), t) - times.begin();
}

// The frames row: time, energies and solver figures; returns the contact count it announces.
std::int64_t RecordingReader::Impl::readFrameRow(std::int64_t id, const std::string& where,
                                                 SimulationFrame& f) {
  Statement& fr = select_frame;
  fr.bindInt(1, id);
  if (!fr.step()) corrupt(where, "frames row vanished");
  f.time = fr.columnDouble(0);
  f.energy.kinetic = fr.columnDouble(1);
  f.energy.gravity = fr.columnDouble(2);
  f.energy.springs = fr.columnDouble(3);
  f.energy.cable_work = fr.columnDouble(4);
  f.energy.load_work = fr.columnDouble(5);
  f.energy.source_work = fr.columnDouble(6);
  f.energy.dissipated = fr.columnDouble(7);
  f.solver.newton_iterations = static_cast<int>(fr.columnInt(8));
  f.solver.substeps = static_cast<int>(fr.columnInt(9));
  f.solver.constraint_violation = fr.columnDouble(10);
  f.solver.step_wall_seconds = fr.columnDouble(11);
  const std::int64_t contact_count = fr.columnInt(12);
  f.energy.drive_work = fr.columnDouble(13);
  fr.reset();
  return contact_count;
}

// One state per body of the header, in body order; the rotation as a 3×3 BLOB (or, in files that
// lack it, the quaternion).
void RecordingReader::Impl::readBodyStates(std::int64_t id, const std::string& where,
                                           SimulationFrame& f) {
  Statement& bs = select_bodies;
  bs.bindInt(1, id);
  while (bs.step()) {
    if (bs.columnInt(0) != static_cast<std::int64_t>(f.bodies.size()))
      corrupt(where, "body states out of sequence");
    BodyState s;
    s.pose.translation = vec3(bs, 1);
    if (bs.columnType(14) == SQLITE_BLOB) {
      if (!bs.columnArray(14, scratch) || scratch.size() != 9)
        corrupt(where, "rotation is not 3x3");
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) s.pose.rotation(r, c) = scratch[3 * r + c];
    } else {
      const Eigen::Quaterniond q(bs.columnDouble(4), bs.columnDouble(5), bs.columnDouble(6),
                                 bs.columnDouble(7));
      s.pose.rotation = q.normalized().toRotationMatrix();
    }
    s.linear_velocity = vec3(bs, 8);
    s.angular_velocity = vec3(bs, 11);
    f.bodies.push_back(s);
  }
  bs.reset();
  if (f.bodies.size() != header.bodies.size())
    corrupt(where, std::to_string(f.bodies.size()) + " body states for " +
                       std::to_string(header.bodies.size()) + " bodies");
}

// The contacts rows, with their row ids and announced loop counts for readLoops.
void RecordingReader::Impl::readContacts(std::int64_t id, const std::string& where,
                                         std::int64_t contact_count, SimulationFrame& f,
                                         ContactRows& rows) {
  Statement& cs = select_contacts;
  cs.bindInt(1, id);
  while (cs.step()) {
    ContactDiagnostics c;
    ContactPatch& p = c.patch;
    rows.ids.push_back(cs.columnInt(0));
    c.body_a = static_cast<int>(cs.columnInt(1));
    c.body_b = static_cast<int>(cs.columnInt(2));
    p.id = static_cast<int>(cs.columnInt(3));
    p.centroid = vec3(cs, 4);
    p.pressure_centre = vec3(cs, 7);
    p.normal = vec3(cs, 10);
    p.indentation = cs.columnDouble(13);
    c.indentation_rate = cs.columnDouble(14);
    c.normal_force = cs.columnDouble(15);
    c.friction_force = vec3(cs, 16);
    c.rolling_torque = vec3(cs, 19);
    c.slip_velocity = vec3(cs, 22);
    p.area = cs.columnDouble(25);
    c.sticking = cs.columnInt(26) != 0;
    p.has_open_loop = cs.columnInt(27) != 0;
    p.depth_a = cs.columnDouble(28);
    p.depth_b = cs.columnDouble(29);
    p.deepest_point_a = vec3(cs, 30);
    p.deepest_point_b = vec3(cs, 33);
    rows.loop_counts.push_back(cs.columnInt(36));
    if (!cs.columnArray(37, p.triangles_a) || !cs.columnArray(38, p.triangles_b))
      corrupt(where, "triangle list is not int32");
    p.continues = static_cast<int>(cs.columnInt(39));
    p.surface_offset = cs.columnDouble(40);
    f.contacts.push_back(std::move(c));
  }
  cs.reset();
  if (static_cast<std::int64_t>(f.contacts.size()) != contact_count)
    corrupt(where, std::to_string(f.contacts.size()) + " contacts, the frame says " +
                       std::to_string(contact_count));
}

// The contour loops, matched to their contacts by row id (both in row order).
void RecordingReader::Impl::readLoops(std::int64_t id, const std::string& where,
                                      const ContactRows& rows, SimulationFrame& f) {
  Statement& ls = select_loops;
  ls.bindInt(1, id);
  std::size_t k = 0;  // index into f.contacts, advanced with the sorted contact rows
  while (ls.step()) {
    const std::int64_t row = ls.columnInt(0);
    while (k < rows.ids.size() && rows.ids[k] < row) ++k;
    if (k == rows.ids.size() || rows.ids[k] != row) corrupt(where, "loop of an unknown contact");
    std::vector<std::vector<Vec3>>& loops = f.contacts[k].patch.loops;
    if (ls.columnInt(1) != static_cast<std::int64_t>(loops.size()))
      corrupt(where, "loops out of sequence");
    if (!ls.columnArray(3, scratch) || scratch.size() % 3 != 0 ||
        static_cast<std::int64_t>(scratch.size() / 3) != ls.columnInt(2))
      corrupt(where, "loop points do not match point_count");
    std::vector<Vec3> loop(scratch.size() / 3);
    for (std::size_t j = 0; j < loop.size(); ++j)
      loop[j] = Vec3(scratch[3 * j], scratch[3 * j + 1], scratch[3 * j + 2]);
    loops.push_back(std::move(loop));
  }
  ls.reset();
  for (std::size_t c = 0; c < f.contacts.size(); ++c) {
    if (static_cast<std::int64_t>(f.contacts[c].patch.loops.size()) != rows.loop_counts[c])
      corrupt(where, "contact " + std::to_string(c) + " misses loops");
  }
}

// Rows (index, value, value) of cables or drives, in index order, one per named element.
template <class State>
void RecordingReader::Impl::readStates(Statement& st, std::int64_t id, const std::string& where,
                                       std::size_t named, const std::string& noun,
                                       std::vector<State>& out) {
  st.bindInt(1, id);
  while (st.step()) {
    if (st.columnInt(0) != static_cast<std::int64_t>(out.size()))
      corrupt(where, noun + " states out of sequence");
    out.push_back({st.columnDouble(1), st.columnDouble(2)});
  }
  st.reset();
  if (out.size() != named)
    corrupt(where, std::to_string(out.size()) + " " + noun + " states for " +
                       std::to_string(named) + " " + noun + "s");
}

SimulationFrame RecordingReader::frame(std::int64_t i) const {
  Impl& m = *impl_;
  frameTime(i);  // range check
  const std::int64_t id = m.frame_ids[static_cast<std::size_t>(i)];
  const std::string where = "frame " + std::to_string(i) + ": ";
  SimulationFrame f;
  try {
    const std::int64_t contact_count = m.readFrameRow(id, where, f);
    m.readBodyStates(id, where, f);
    Impl::ContactRows rows;
    m.readContacts(id, where, contact_count, f, rows);
    m.readLoops(id, where, rows, f);
    m.readStates(m.select_cables, id, where, m.header.cables.size(), "cable", f.cables);
    // Version 1 has no drive rows (and no drives in its header).
    if (m.header.schema_version >= 2)
      m.readStates(m.select_drives, id, where, m.header.drives.size(), "drive", f.drives);
  } catch (const record_detail::SqliteFailure& e) {
    m.resetFrameStatements();
    m.fail(where + "cannot read (" + e.reason + ")");
  } catch (...) {
    m.resetFrameStatements();
    throw;
  }
  return f;
}

TriMesh RecordingReader::mesh(int body) const {
  const Impl& m = *impl_;
  if (body < 0 || static_cast<std::size_t>(body) >= m.header.bodies.size())
    m.fail("no body " + std::to_string(body));
  const std::string where = "body '" + m.header.bodies[static_cast<std::size_t>(body)].name + "': ";
  Statement st(m.db, m.file, "SELECT vertices, triangles FROM bodies WHERE body = ?");
  st.bindInt(1, body);
  if (!st.step()) m.fail(where + "no mesh row");
  std::vector<double> v;
  std::vector<std::int32_t> t;
  if (!st.columnArray(0, v) || v.size() % 3 != 0 || !st.columnArray(1, t) || t.size() % 3 != 0)
    m.fail(where + "corrupt mesh BLOB");
  std::vector<Vec3> vertices(v.size() / 3);
  for (std::size_t i = 0; i < vertices.size(); ++i)
    vertices[i] = Vec3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  std::vector<TriangleIndices> triangles(t.size() / 3);
  for (std::size_t i = 0; i < triangles.size(); ++i)
    triangles[i] = {t[3 * i], t[3 * i + 1], t[3 * i + 2]};
  try {
    return TriMesh(std::move(vertices), std::move(triangles));
  } catch (const std::exception& e) {
    m.fail(where + "corrupt mesh: " + e.what());
  }
}

std::optional<std::vector<std::uint8_t>> RecordingReader::checkpoint(std::int64_t i) const {
  const Impl& m = *impl_;
  frameTime(i);  // range check
  try {
    if (!hasTable(m.db, m.file, "checkpoints")) return std::nullopt;
    Statement st(m.db, m.file, "SELECT state FROM checkpoints WHERE frame = ?");
    st.bindInt(1, m.frame_ids[static_cast<std::size_t>(i)]);
    if (!st.step()) return std::nullopt;
    std::vector<std::uint8_t> bytes;
    if (st.columnType(0) != SQLITE_BLOB || !st.columnArray(0, bytes))
      m.fail("frame " + std::to_string(i) + ": corrupt recording (checkpoint is not a BLOB)");
    return bytes;
  } catch (const record_detail::SqliteFailure& e) {
    m.fail("frame " + std::to_string(i) + ": cannot read its checkpoint: " + e.reason);
  }
}

RecordingSummary RecordingReader::summary() const {
  const Impl& m = *impl_;
  RecordingSummary s;
  s.frames = frameCount();
  if (s.frames > 0) {
    s.time_start = m.times.front();
    s.time_end = m.times.back();
  }
  Statement counts(m.db, m.file,
                   "SELECT COALESCE(SUM(contact_count), 0), COALESCE(MIN(contact_count), 0), "
                   "COALESCE(MAX(contact_count), 0), COALESCE(AVG(contact_count), 0) FROM frames");
  if (counts.step()) {
    s.contacts_total = counts.columnInt(0);
    s.contacts_per_frame_min = counts.columnInt(1);
    s.contacts_per_frame_max = counts.columnInt(2);
    s.contacts_per_frame_mean = counts.columnDouble(3);
  }
  // Only contacts of complete frames (a hand-edited file might hold others).
  Statement fn(m.db, m.file,
               "SELECT c.normal_force, c.frame, f.time, c.body_a, c.body_b, c.id FROM contacts c "
               "JOIN frames f ON f.frame = c.frame WHERE c.normal_force IS NOT NULL "
               "ORDER BY c.normal_force DESC, c.frame LIMIT 1");
  if (fn.step()) {
    s.max_normal_force = RecordingSummary::MaxNormalForce{fn.columnDouble(0),
                                                          fn.columnInt(1),
                                                          fn.columnDouble(2),
                                                          static_cast<int>(fn.columnInt(3)),
                                                          static_cast<int>(fn.columnInt(4)),
                                                          static_cast<int>(fn.columnInt(5))};
  }
  s.cables.resize(m.header.cables.size());
  Statement cables(m.db, m.file,
                   "SELECT cable, MIN(tension), MAX(tension), MIN(length), MAX(length) "
                   "FROM cable_states GROUP BY cable ORDER BY cable");
  while (cables.step()) {
    const std::int64_t c = cables.columnInt(0);
    if (c < 0 || c >= static_cast<std::int64_t>(s.cables.size())) continue;
    s.cables[static_cast<std::size_t>(c)] = {cables.columnDouble(1), cables.columnDouble(2),
                                             cables.columnDouble(3), cables.columnDouble(4)};
  }
  if (s.frames > 0) {
    Statement first(m.db, m.file, "SELECT balance FROM frames ORDER BY frame LIMIT 1");
    if (first.step()) s.balance_start = first.columnDouble(0);
    Statement last(m.db, m.file, "SELECT balance FROM frames ORDER BY frame DESC LIMIT 1");
    if (last.step()) s.balance_end = last.columnDouble(0);
    Statement drift(m.db, m.file, "SELECT MAX(ABS(balance - ?)) FROM frames");
    drift.bindDouble(1, s.balance_start);
    if (drift.step()) s.balance_max_drift = drift.columnDouble(0);
  }
  std::error_code ec;
  s.file_bytes = std::filesystem::file_size(m.path, ec);
  const std::uintmax_t wal = std::filesystem::file_size(m.file + "-wal", ec);
  if (!ec) s.file_bytes += wal;
  return s;
}

}  // namespace contactsim
