// The recording file: an SQLite 3 database, schema version kRecordingSchemaVersion. The full
// description, with the reasons for each choice, is in core/record/FORMAT.md; the SQL below is
// the authoritative table layout (RecordingWriter executes it verbatim).
//
// Conventions:
// - SI units, world frame, quaternions [w, x, y, z] with w >= 0 (FORMAT.md, "Conventions").
// - Every float column is declared WITHOUT a type (BLOB affinity), so SQLite keeps each float64
//   exactly as written: a REAL column would store -0.0 as the integer 0 and read back +0.0. NaN
//   cannot be stored by SQLite and is written as NULL; the reader turns NULL back into NaN.
// - BLOBs are little-endian arrays: float64 for points and matrices, int32 for indices.
// - A frame exists only once its `frames` row exists. Each frame's rows are written in one
//   transaction (several frames per transaction at most, never part of one), the `frames` row
//   last; readers list frames from `frames` and ignore any other row (there are none unless the
//   file was edited by hand).
// - Frames are numbered 0, 1, 2, ... in write order; times never decrease.
#pragma once

namespace contactsim {

inline constexpr const char* kRecordingFormatName = "contactsim-recording";
// Incremented on any change a reader of the previous version would misread. Readers reject
// files with a newer version and read every older version they know.
// Version 2 added the driven joints (tables drives and drive_states, meta drive_count, column
// frames.drive_work); version-1 files read as recordings without drives and with drive_work 0.
// Version 3 added contacts.continues (ContactPatch::continues); older files read it as −1.
// Version 4 added contacts.surface_offset (ContactPatch::surface_offset); older files read it as
// 0, the force at the pressure centre, where version-3 writers put it for every contact.
inline constexpr int kRecordingSchemaVersion = 4;
// SQLite header field application_id: "CSMR" (contactsim recording), lets file(1)-like tools and
// the reader recognise the file before reading any table.
inline constexpr int kRecordingApplicationId = 0x43534D52;

// The schema of version 4, executed by the writer in one transaction.
inline constexpr const char* kRecordingSchemaSql = R"SQL(
-- key/value: format, schema_version, created (ISO 8601 UTC), program_version, time_step (s),
-- body_count, cable_count, drive_count.
CREATE TABLE meta(
  key   TEXT PRIMARY KEY NOT NULL,
  value
);

-- The scene file the run started from, verbatim, and the path it was read from.
CREATE TABLE scene(
  id   INTEGER PRIMARY KEY CHECK (id = 0),
  path TEXT NOT NULL,
  json TEXT NOT NULL
);

-- Bodies in scene order (the index is the body index used by every other table). `vertices` is
-- vertex_count x 3 float64 (x, y, z in the body frame, m), `triangles` triangle_count x 3 int32
-- (counter-clockwise seen from outside); both NULL for a body without a mesh. mass in kg.
CREATE TABLE bodies(
  body           INTEGER PRIMARY KEY,
  name           TEXT NOT NULL UNIQUE,
  fixed          INTEGER NOT NULL,
  mass,
  vertex_count   INTEGER NOT NULL,
  triangle_count INTEGER NOT NULL,
  vertices       BLOB,
  triangles      BLOB
);

CREATE TABLE cables(
  cable INTEGER PRIMARY KEY,
  name  TEXT NOT NULL
);

-- Driven joints (prescribed motion or motor) in scene order: the joints with a `drive`.
CREATE TABLE drives(
  drive INTEGER PRIMARY KEY,
  name  TEXT NOT NULL
);

-- One row per complete frame, written last in its transaction. Energies in J (EnergyReport;
-- balance = kinetic + gravity + springs + dissipated - cable_work - drive_work - load_work -
-- source_work); solver statistics of the step that ended at this frame.
CREATE TABLE frames(
  frame                INTEGER PRIMARY KEY,
  time                 NOT NULL,
  kinetic, gravity, springs, cable_work, load_work, source_work, dissipated, balance,
  newton_iterations    INTEGER NOT NULL,
  substeps             INTEGER NOT NULL,
  constraint_violation,
  step_wall_seconds,
  contact_count        INTEGER NOT NULL,
  drive_work
);
CREATE INDEX frames_time ON frames(time);

-- Pose of each body frame: position (m) and unit quaternion qw, qx, qy, qz (w >= 0); `rotation`
-- is the exact rotation matrix (9 float64, row-major) the quaternion was taken from, so a
-- replay reproduces the simulator's numbers bit for bit (NULL: use the quaternion). Velocity of
-- the body frame origin (m/s) and angular velocity (rad/s), world frame.
CREATE TABLE body_states(
  frame INTEGER NOT NULL REFERENCES frames(frame),
  body  INTEGER NOT NULL REFERENCES bodies(body),
  x, y, z,
  qw, qx, qy, qz,
  vx, vy, vz,
  wx, wy, wz,
  rotation BLOB,
  PRIMARY KEY (frame, body)
) WITHOUT ROWID;

-- One row per contact patch per frame; a frame's contacts in order are ORDER BY contact.
-- The normal points from body_a into body_b; forces and torques act on body_b (N, N m).
-- id: the patch id tracked within the pair. triangles_a/b: int32 triangle indices of each mesh
-- that intersect the other in this patch. deepest_a/b: deepest point of each body beyond the
-- contact plane, depth_a/b its depth (m); indentation = depth_a + depth_b. The force acts at
-- pressure_centre + surface_offset * normal: the centre of pressure in the contact plane moved
-- along the normal to the overlap's middle (m).
CREATE TABLE contacts(
  contact          INTEGER PRIMARY KEY,
  frame            INTEGER NOT NULL REFERENCES frames(frame),
  body_a           INTEGER NOT NULL REFERENCES bodies(body),
  body_b           INTEGER NOT NULL REFERENCES bodies(body),
  id               INTEGER NOT NULL,
  centroid_x, centroid_y, centroid_z,
  pressure_centre_x, pressure_centre_y, pressure_centre_z,
  normal_x, normal_y, normal_z,
  indentation, indentation_rate,
  normal_force,
  friction_x, friction_y, friction_z,
  rolling_torque_x, rolling_torque_y, rolling_torque_z,
  slip_velocity_x, slip_velocity_y, slip_velocity_z,
  area,
  sticking         INTEGER NOT NULL,
  has_open_loop    INTEGER NOT NULL,
  depth_a, depth_b,
  deepest_a_x, deepest_a_y, deepest_a_z,
  deepest_b_x, deepest_b_y, deepest_b_z,
  loop_count       INTEGER NOT NULL,
  triangles_a      BLOB,
  triangles_b      BLOB,
  continues        INTEGER NOT NULL,
  surface_offset
);
CREATE INDEX contacts_frame ON contacts(frame);

-- The closed polylines of each contact patch (outer contours and holes; last point not
-- repeated): point_count x 3 float64, world frame (m).
CREATE TABLE contact_loops(
  frame       INTEGER NOT NULL REFERENCES frames(frame),
  contact     INTEGER NOT NULL REFERENCES contacts(contact),
  loop        INTEGER NOT NULL,
  point_count INTEGER NOT NULL,
  points      BLOB,
  PRIMARY KEY (frame, contact, loop)
);

-- Cables in scene order: current length (m) and tension (N, positive when pulling).
CREATE TABLE cable_states(
  frame   INTEGER NOT NULL REFERENCES frames(frame),
  cable   INTEGER NOT NULL REFERENCES cables(cable),
  length, tension,
  PRIMARY KEY (frame, cable)
) WITHOUT ROWID;

-- Driven joints in scene order: position, the angle (rad) or displacement (m) of body B relative
-- to A from t = 0, and effort, the driving torque (N m) or force (N) on B along +axis.
CREATE TABLE drive_states(
  frame    INTEGER NOT NULL REFERENCES frames(frame),
  drive    INTEGER NOT NULL REFERENCES drives(drive),
  position, effort,
  PRIMARY KEY (frame, drive)
) WITHOUT ROWID;

-- The simulation's state after the frame's step (Simulation::checkpoint), from which a run
-- resumes bit for bit; absent for a scene with volumetric contact, and in files written before
-- resuming existed, which older readers read as ever (they ignore the table).
CREATE TABLE checkpoints(
  frame INTEGER PRIMARY KEY REFERENCES frames(frame),
  state BLOB NOT NULL
);
)SQL";

// The contacts table's data columns, in the order RecordingWriter binds them (after `frame`) and
// RecordingReader reads them (after the row id `contact`): one list, so the two cannot drift.
inline constexpr const char* kContactColumns =
    "body_a, body_b, id, centroid_x, centroid_y, centroid_z, pressure_centre_x, "
    "pressure_centre_y, pressure_centre_z, normal_x, normal_y, normal_z, indentation, "
    "indentation_rate, normal_force, friction_x, friction_y, friction_z, rolling_torque_x, "
    "rolling_torque_y, rolling_torque_z, slip_velocity_x, slip_velocity_y, slip_velocity_z, area, "
    "sticking, has_open_loop, depth_a, depth_b, deepest_a_x, deepest_a_y, deepest_a_z, "
    "deepest_b_x, deepest_b_y, deepest_b_z, loop_count, triangles_a, triangles_b, continues, "
    "surface_offset";
// What an older file's reader selects for the columns it lacks.
inline constexpr const char* kContactContinuesBeforeVersion3 = "-1";
inline constexpr const char* kContactSurfaceOffsetBeforeVersion4 = "0.0";

// Entries of a comma-separated column list.
constexpr int columnCount(const char* columns) {
  int count = 1;
  for (const char* c = columns; *c != '\0'; ++c) count += *c == ',' ? 1 : 0;
  return count;
}
inline constexpr int kContactColumnCount = columnCount(kContactColumns);
static_assert(kContactColumnCount == 40, "RecordingWriter::writeFrame binds 40 contact columns");

}  // namespace contactsim
