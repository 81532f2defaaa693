// The CSV files shared by `run` and `replay`, against hand-written expected text.
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "record/frame_csv.h"

using namespace contactsim;

namespace {

// Two bodies (one identity, one turned 200° about x: Eigen's quaternion has w < 0 there, so the
// row shows the sign flip), one cable, two contacts.
SimulationFrame knownFrame() {
  SimulationFrame f;
  f.time = 0.125;
  BodyState a;
  a.pose.translation = Vec3(1.0, 2.0, 3.0);
  a.linear_velocity = Vec3(0.5, 0.0, -0.25);
  a.angular_velocity = Vec3(0.0, 1e-20, 1.0 / 3.0);
  BodyState b;
  const double c = std::cos(200.0 * M_PI / 180.0), s = std::sin(200.0 * M_PI / 180.0);
  b.pose.rotation << 1.0, 0.0, 0.0, 0.0, c, -s, 0.0, s, c;
  b.pose.translation = Vec3(-0.5, 12345678901.5, 0.0);
  b.linear_velocity = Vec3(1.0, 2.0, 3.0);
  b.angular_velocity = Vec3(-4.0, 5.0, -6.0);
  f.bodies = {a, b};
  f.cables = {{1.5, 1234.5678}};
  ContactDiagnostics c1;
  c1.body_a = 1;
  c1.body_b = 0;
  c1.patch.id = 7;
  c1.patch.continues = 3;
  c1.patch.centroid = Vec3(0.5, -0.25, 1.0 / 3.0);
  c1.patch.pressure_centre = Vec3(0.5, -0.25, 0.25);
  c1.patch.surface_offset = 0.125;
  c1.patch.normal = Vec3(0.0, 0.0, 1.0);
  c1.patch.indentation = 1e-4;
  c1.patch.area = 0.003;
  c1.indentation_rate = -0.002;
  c1.normal_force = 250.5;
  c1.friction_force = Vec3(1.0, -2.0, 0.0);
  c1.sticking = true;
  ContactDiagnostics c2;
  c2.body_a = 0;
  c2.body_b = 1;
  c2.patch.id = 0;
  c2.patch.centroid = Vec3(1.0, 2.0, 3.0);
  c2.patch.pressure_centre = Vec3(1.0, 2.0, 3.0);
  c2.patch.surface_offset = -0.5;
  c2.patch.normal = Vec3(0.6, 0.0, -0.8);
  c2.patch.indentation = 2.5e-7;
  c2.patch.area = 1e-6;
  c2.indentation_rate = 0.01;
  c2.normal_force = 0.0;
  c2.friction_force = Vec3(0.0, 0.0, 0.0);
  f.contacts = {c1, c2};
  return f;
}

}  // namespace

TEST_CASE("state CSV: header and row in the run's format", "[record][csv]") {
  const std::string header = stateCsvHeader({"a", "b"}, {"rope"});
  CHECK(header ==
        "t,a.x,a.y,a.z,a.qw,a.qx,a.qy,a.qz,a.vx,a.vy,a.vz,a.wx,a.wy,a.wz,"
        "b.x,b.y,b.z,b.qw,b.qx,b.qy,b.qz,b.vx,b.vy,b.vz,b.wx,b.wy,b.wz,"
        "rope.length,rope.tension\n");
  CHECK(stateCsvRow(knownFrame()) ==
        "0.125,"
        "1,2,3,1,0,0,0,0.5,0,-0.25,0,1e-20,0.3333333333,"
        "-0.5,1.23456789e+10,0,0.1736481777,-0.984807753,-0,-0,1,2,3,-4,5,-6,"
        "1.5,1234.5678\n");
  CHECK(stateCsvHeader({}, {}) == "t\n");
  SimulationFrame empty;
  empty.time = 2.0;
  CHECK(stateCsvRow(empty) == "2\n");
}

TEST_CASE("contacts CSV: one row per contact with body names", "[record][csv]") {
  CHECK(contactsCsvHeader() ==
        "t,body_a,body_b,id,cx,cy,cz,nx,ny,nz,delta,delta_rate,fn,ftx,fty,ftz,area,sticking,"
        "continues,px,py,pz\n");
  // The force point: the pressure centre moved surface_offset along the normal.
  CHECK(contactsCsvRows(knownFrame(), {"ground", "ball"}) ==
        "0.125,ball,ground,7,0.5,-0.25,0.3333333333,0,0,1,0.0001,-0.002,250.5,1,-2,0,0.003,1,3,"
        "0.5,-0.25,0.375\n"
        "0.125,ground,ball,0,1,2,3,0.6,0,-0.8,2.5e-07,0.01,0,0,0,0,1e-06,0,-1,0.7,2,3.4\n");
  SimulationFrame none = knownFrame();
  none.contacts.clear();
  CHECK(contactsCsvRows(none, {"ground", "ball"}).empty());
  CHECK_THROWS_AS(contactsCsvRows(knownFrame(), {"ground"}), std::out_of_range);
}

TEST_CASE("CSV writers: header once, rows appended, mismatches named", "[record][csv]") {
  std::ostringstream state, contacts;
  StateCsvWriter sw(state, {"a", "b"}, {"rope"}, "--csv");
  ContactsCsvWriter cw(contacts, {"ground", "ball"}, "--contacts-csv");
  SimulationFrame f = knownFrame();
  sw.write(f);
  cw.write(f);
  f.time = 0.25;
  sw.write(f);
  cw.write(f);
  CHECK(state.str() ==
        stateCsvHeader({"a", "b"}, {"rope"}) + stateCsvRow(knownFrame()) + stateCsvRow(f));
  CHECK(contacts.str() == contactsCsvHeader() + contactsCsvRows(knownFrame(), {"ground", "ball"}) +
                              contactsCsvRows(f, {"ground", "ball"}));
  f.cables.clear();
  CHECK_THROWS_WITH(sw.write(f), Catch::StartsWith("--csv: frame at t = 0.25"));
  f.contacts[0].body_a = 5;
  CHECK_THROWS_WITH(cw.write(f), Catch::StartsWith("--contacts-csv: contact body index 5"));
}
