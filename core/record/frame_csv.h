// The CSV files of a run, written from SimulationFrames, so that `contactsim-cli run` and
// `contactsim-cli replay` produce byte-identical files from the same frames. No SQLite here.
//
// Body-state CSV (`run --csv`, `replay --csv`): `t`, then per body in scene order
// NAME.x,NAME.y,NAME.z,NAME.qw,NAME.qx,NAME.qy,NAME.qz,NAME.vx,NAME.vy,NAME.vz,NAME.wx,NAME.wy,
// NAME.wz (position and velocity of the body frame origin, quaternion with w >= 0, world angular
// velocity), then per cable NAME.length,NAME.tension, then per driven joint (prescribed motion
// or motor, scene order) NAME.position,NAME.effort: its angle (rad) or displacement (m) from
// t = 0 and the driving torque (N·m) or force (N) on its body B. Numbers printf("%.10g").
//
// Contacts CSV: one row per contact patch per frame (none for a frame without contacts):
// t,body_a,body_b,id,cx,cy,cz,nx,ny,nz,delta,delta_rate,fn,ftx,fty,ftz,area,sticking,continues,
// px,py,pz
// with body names, the tracked patch id, the contour's centroid, unit normal (A into B),
// indentation δ (m), δ̇ (m/s), normal force on B (N), friction force on B (N), area (m²),
// sticking 0/1, the id of the contact it continues (split, merged or re-identified) or −1 when it
// began as a make event (ContactPatch::continues), and where both forces act
// (ContactPatch::forcePoint: moments are taken about it, not about the centroid).
// Numbers printf("%.10g"), integers as integers.
//
// Names are written as they are (no quoting), as the run's CSV always did.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "scene/scene.h"
#include "sim/simulation_frame.h"

namespace contactsim {

// The names the body-state CSV's columns are built from, in scene order: the bodies, the cables
// and the joints with a drive (prescribed motion or motor), as SimulationFrame lists them.
struct StateColumnNames {
  std::vector<std::string> bodies, cables, drives;
};
StateColumnNames stateColumnNames(const Scene& scene);

// "t,a.x,...,a.wz,...,c.length,c.tension,...,j.position,j.effort\n"
std::string stateCsvHeader(const std::vector<std::string>& body_names,
                           const std::vector<std::string>& cable_names,
                           const std::vector<std::string>& drive_names = {});
// One line with '\n'. Uses every body, cable and drive of the frame, in order.
std::string stateCsvRow(const SimulationFrame& frame);

// "t,body_a,body_b,id,cx,cy,cz,nx,ny,nz,delta,delta_rate,fn,ftx,fty,ftz,area,sticking,continues,
// px,py,pz\n"
std::string contactsCsvHeader();
// One line per contact ('\n' each); empty without contacts. Throws std::out_of_range for a body
// index without a name.
std::string contactsCsvRows(const SimulationFrame& frame,
                            const std::vector<std::string>& body_names);

// Writes the header at construction and one row per write(); checks the frame's body, cable and
// drive counts against the names. Throws std::runtime_error("<label>: ...") on a mismatch or a
// failed stream (label: e.g. "--csv" or the file name). The stream must outlive the writer.
class StateCsvWriter {
 public:
  StateCsvWriter(std::ostream& out, std::vector<std::string> body_names,
                 std::vector<std::string> cable_names, std::string label = "state CSV",
                 std::vector<std::string> drive_names = {});
  void write(const SimulationFrame& frame);

 private:
  std::ostream& out_;
  std::vector<std::string> bodies_, cables_, drives_;
  std::string label_;
};

class ContactsCsvWriter {
 public:
  ContactsCsvWriter(std::ostream& out, std::vector<std::string> body_names,
                    std::string label = "contacts CSV");
  void write(const SimulationFrame& frame);

 private:
  std::ostream& out_;
  std::vector<std::string> bodies_;
  std::string label_;
};

}  // namespace contactsim
