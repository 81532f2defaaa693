// What the recording tests share: a synthetic recording written, two frames compared bit for bit,
// a file's first error, and SQL run on a file.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "record/recording_reader.h"
#include "record/recording_writer.h"
#include "synthetic.h"

namespace contactsim::testing {

inline void requireSameFrame(const SimulationFrame& a, const SimulationFrame& b) {
  REQUIRE(same(a.time, b.time));
  REQUIRE(a.bodies.size() == b.bodies.size());
  for (std::size_t i = 0; i < a.bodies.size(); ++i) {
    CHECK(same(a.bodies[i].pose.rotation, b.bodies[i].pose.rotation));
    CHECK(same(a.bodies[i].pose.translation, b.bodies[i].pose.translation));
    CHECK(same(a.bodies[i].linear_velocity, b.bodies[i].linear_velocity));
    CHECK(same(a.bodies[i].angular_velocity, b.bodies[i].angular_velocity));
  }
  REQUIRE(a.contacts.size() == b.contacts.size());
  for (std::size_t i = 0; i < a.contacts.size(); ++i) {
    const ContactDiagnostics &x = a.contacts[i], &y = b.contacts[i];
    CHECK(x.body_a == y.body_a);
    CHECK(x.body_b == y.body_b);
    CHECK(x.patch.id == y.patch.id);
    CHECK(x.patch.continues == y.patch.continues);
    CHECK(same(x.patch.centroid, y.patch.centroid));
    CHECK(same(x.patch.pressure_centre, y.patch.pressure_centre));
    CHECK(same(x.patch.surface_offset, y.patch.surface_offset));
    CHECK(same(x.patch.normal, y.patch.normal));
    CHECK(same(x.patch.indentation, y.patch.indentation));
    CHECK(same(x.patch.area, y.patch.area));
    REQUIRE(x.patch.loops.size() == y.patch.loops.size());
    for (std::size_t l = 0; l < x.patch.loops.size(); ++l) {
      REQUIRE(x.patch.loops[l].size() == y.patch.loops[l].size());
      for (std::size_t j = 0; j < x.patch.loops[l].size(); ++j)
        CHECK(same(x.patch.loops[l][j], y.patch.loops[l][j]));
    }
    CHECK(x.patch.has_open_loop == y.patch.has_open_loop);
    CHECK(same(x.patch.deepest_point_a, y.patch.deepest_point_a));
    CHECK(same(x.patch.deepest_point_b, y.patch.deepest_point_b));
    CHECK(same(x.patch.depth_a, y.patch.depth_a));
    CHECK(same(x.patch.depth_b, y.patch.depth_b));
    CHECK(x.patch.triangles_a == y.patch.triangles_a);
    CHECK(x.patch.triangles_b == y.patch.triangles_b);
    CHECK(same(x.indentation_rate, y.indentation_rate));
    CHECK(same(x.normal_force, y.normal_force));
    CHECK(same(x.friction_force, y.friction_force));
    CHECK(same(x.rolling_torque, y.rolling_torque));
    CHECK(same(x.slip_velocity, y.slip_velocity));
    CHECK(x.sticking == y.sticking);
  }
  REQUIRE(a.cables.size() == b.cables.size());
  for (std::size_t i = 0; i < a.cables.size(); ++i) {
    CHECK(same(a.cables[i].length, b.cables[i].length));
    CHECK(same(a.cables[i].tension, b.cables[i].tension));
  }
  REQUIRE(a.drives.size() == b.drives.size());
  for (std::size_t i = 0; i < a.drives.size(); ++i) {
    CHECK(same(a.drives[i].position, b.drives[i].position));
    CHECK(same(a.drives[i].effort, b.drives[i].effort));
  }
  CHECK(same(a.energy.drive_work, b.energy.drive_work));
  CHECK(same(a.energy.kinetic, b.energy.kinetic));
  CHECK(same(a.energy.gravity, b.energy.gravity));
  CHECK(same(a.energy.springs, b.energy.springs));
  CHECK(same(a.energy.cable_work, b.energy.cable_work));
  CHECK(same(a.energy.load_work, b.energy.load_work));
  CHECK(same(a.energy.source_work, b.energy.source_work));
  CHECK(same(a.energy.dissipated, b.energy.dissipated));
  CHECK(a.solver.newton_iterations == b.solver.newton_iterations);
  CHECK(a.solver.substeps == b.solver.substeps);
  CHECK(same(a.solver.constraint_violation, b.solver.constraint_violation));
  CHECK(same(a.solver.step_wall_seconds, b.solver.step_wall_seconds));
}

inline std::filesystem::path writeSynthetic(const std::filesystem::path& file, int frames,
                                            RecordingOptions options = {}, int drives = 0) {
  auto scene = syntheticScene(3, 2, drives);
  RecordingWriter writer(file, scene.header, options);
  for (int k = 0; k < frames; ++k) writer.append(syntheticFrame(k, 3, 2, 2, 5, drives));
  writer.close();
  return file;
}

inline std::string readerError(const std::filesystem::path& file) {
  try {
    RecordingReader reader(file);
    // Opened: every frame and mesh must then read or fail cleanly.
    for (std::int64_t i = 0; i < reader.frameCount(); ++i) reader.frame(i);
    for (int b = 0; b < static_cast<int>(reader.header().bodies.size()); ++b) reader.mesh(b);
    reader.summary();
  } catch (const RecordingError& e) {
    return e.what();
  }
  return "";
}

inline void sql(const std::filesystem::path& file, const char* statement) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(db, statement, nullptr, nullptr, &message);
  INFO((message ? message : ""));
  sqlite3_free(message);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace contactsim::testing
