#include "record/frame_csv.h"

#include <cstdio>
#include <stdexcept>

namespace contactsim {
namespace {

void number(std::string& out, double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  out += buffer;
}

void field(std::string& out, double x) {
  out += ',';
  number(out, x);
}

void field(std::string& out, const Vec3& v) {
  field(out, v.x());
  field(out, v.y());
  field(out, v.z());
}

const std::string& nameOf(const std::vector<std::string>& names, int body) {
  if (body < 0 || static_cast<std::size_t>(body) >= names.size())
    throw std::out_of_range("contact body index " + std::to_string(body) + " out of range (" +
                            std::to_string(names.size()) + " bodies)");
  return names[static_cast<std::size_t>(body)];
}

}  // namespace

std::string stateCsvHeader(const std::vector<std::string>& body_names,
                           const std::vector<std::string>& cable_names,
                           const std::vector<std::string>& drive_names) {
  std::string out = "t";
  for (const std::string& b : body_names) {
    for (const char* c :
         {"x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"}) {
      out.append(",").append(b).append(".").append(c);
    }
  }
  for (const std::string& c : cable_names)
    out.append(",").append(c).append(".length,").append(c).append(".tension");
  for (const std::string& d : drive_names)
    out.append(",").append(d).append(".position,").append(d).append(".effort");
  out += '\n';
  return out;
}

std::string stateCsvRow(const SimulationFrame& frame) {
  std::string out;
  out.reserve(16 * (1 + 13 * frame.bodies.size() + 2 * frame.cables.size()));
  number(out, frame.time);
  for (const BodyState& s : frame.bodies) {
    const Eigen::Quaterniond q = canonicalQuaternion(s.pose.rotation);
    field(out, s.pose.translation);
    field(out, q.w());
    field(out, q.x());
    field(out, q.y());
    field(out, q.z());
    field(out, s.linear_velocity);
    field(out, s.angular_velocity);
  }
  for (const CableState& c : frame.cables) {
    field(out, c.length);
    field(out, c.tension);
  }
  for (const JointDriveState& d : frame.drives) {
    field(out, d.position);
    field(out, d.effort);
  }
  out += '\n';
  return out;
}

std::string contactsCsvHeader() {
  return "t,body_a,body_b,id,cx,cy,cz,nx,ny,nz,delta,delta_rate,fn,ftx,fty,ftz,area,sticking,"
         "continues,px,py,pz\n";
}

std::string contactsCsvRows(const SimulationFrame& frame,
                            const std::vector<std::string>& body_names) {
  std::string out;
  for (const ContactDiagnostics& c : frame.contacts) {
    number(out, frame.time);
    out.append(",").append(nameOf(body_names, c.body_a));
    out.append(",").append(nameOf(body_names, c.body_b));
    out.append(",").append(std::to_string(c.patch.id));
    field(out, c.patch.centroid);
    field(out, c.patch.normal);
    field(out, c.patch.indentation);
    field(out, c.indentation_rate);
    field(out, c.normal_force);
    field(out, c.friction_force);
    field(out, c.patch.area);
    out.append(c.sticking ? ",1," : ",0,").append(std::to_string(c.patch.continues));
    field(out, c.patch.forcePoint());
    out += '\n';
  }
  return out;
}

StateCsvWriter::StateCsvWriter(std::ostream& out, std::vector<std::string> body_names,
                               std::vector<std::string> cable_names, std::string label,
                               std::vector<std::string> drive_names)
    : out_(out),
      bodies_(std::move(body_names)),
      cables_(std::move(cable_names)),
      drives_(std::move(drive_names)),
      label_(std::move(label)) {
  out_ << stateCsvHeader(bodies_, cables_, drives_);
  if (!out_) throw std::runtime_error(label_ + ": write failed");
}

void StateCsvWriter::write(const SimulationFrame& frame) {
  if (frame.drives.size() != drives_.size()) {
    throw std::runtime_error(label_ + ": frame at t = " + std::to_string(frame.time) + " has " +
                             std::to_string(frame.drives.size()) + " drives, the header " +
                             std::to_string(drives_.size()));
  }
  if (frame.bodies.size() != bodies_.size() || frame.cables.size() != cables_.size()) {
    throw std::runtime_error(label_ + ": frame at t = " + std::to_string(frame.time) + " has " +
                             std::to_string(frame.bodies.size()) + " bodies and " +
                             std::to_string(frame.cables.size()) + " cables, the header " +
                             std::to_string(bodies_.size()) + " and " +
                             std::to_string(cables_.size()));
  }
  out_ << stateCsvRow(frame);
  if (!out_) throw std::runtime_error(label_ + ": write failed");
}

ContactsCsvWriter::ContactsCsvWriter(std::ostream& out, std::vector<std::string> body_names,
                                     std::string label)
    : out_(out), bodies_(std::move(body_names)), label_(std::move(label)) {
  out_ << contactsCsvHeader();
  if (!out_) throw std::runtime_error(label_ + ": write failed");
}

void ContactsCsvWriter::write(const SimulationFrame& frame) {
  std::string rows;
  try {
    rows = contactsCsvRows(frame, bodies_);
  } catch (const std::out_of_range& e) {
    throw std::runtime_error(label_ + ": " + e.what());
  }
  out_ << rows;
  if (!out_) throw std::runtime_error(label_ + ": write failed");
}

StateColumnNames stateColumnNames(const Scene& scene) {
  StateColumnNames names;
  for (const SceneBody& b : scene.bodies) names.bodies.push_back(b.name);
  for (const SceneCable& c : scene.cables) names.cables.push_back(c.name);
  for (const SceneJoint& j : scene.joints)
    if (j.drive) names.drives.push_back(j.name);
  return names;
}

}  // namespace contactsim
