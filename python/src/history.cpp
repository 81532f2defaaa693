#include "history.h"

#include <algorithm>
#include <sstream>

#include "record/frame_csv.h"

namespace contactsim::python {
namespace {

const char* const kEnergyParts[] = {"kinetic",     "gravity",    "springs",
                                    "cable_work",  "drive_work", "load_work",
                                    "source_work", "dissipated", "balance"};

}  // namespace

std::vector<std::string> historyColumns(const Simulation& simulation) {
  const Scene& scene = simulation.scene();
  // The state CSV's own header, so a column name means the same thing in both places.
  const StateColumnNames names = stateColumnNames(scene);
  std::istringstream header(stateCsvHeader(names.bodies, names.cables, names.drives));
  std::vector<std::string> columns;
  for (std::string name; std::getline(header, name, ',');) {
    if (!name.empty() && name.back() == '\n') name.pop_back();
    columns.push_back(name);
  }
  if (const ContactForceSource* contacts = simulation.contacts()) {
    for (const ContactPairDefinition& pair : contacts->pairs()) {
      columns.push_back("contact." + scene.bodies.at(pair.body_a).name + "-" +
                        scene.bodies.at(pair.body_b).name + ".fn");
    }
  }
  for (const char* c : {"contacts.count", "contacts.fn_max", "contacts.ft_max"})
    columns.push_back(c);
  for (const char* part : kEnergyParts) columns.push_back(std::string("energy.") + part);
  for (const char* c :
       {"solver.newton_iterations", "solver.substeps", "solver.constraint_violation"})
    columns.push_back(c);
  return columns;
}

void appendHistoryRow(const Simulation& simulation, const SimulationFrame& frame,
                      std::vector<double>& out) {
  out.push_back(frame.time);
  for (const BodyState& s : frame.bodies) {
    Eigen::Quaterniond q(s.pose.rotation);
    if (q.w() < 0.0) q.coeffs() = -q.coeffs();  // the CSV's sign convention
    out.insert(out.end(), {s.pose.translation.x(), s.pose.translation.y(), s.pose.translation.z(),
                           q.w(), q.x(), q.y(), q.z(), s.linear_velocity.x(), s.linear_velocity.y(),
                           s.linear_velocity.z(), s.angular_velocity.x(), s.angular_velocity.y(),
                           s.angular_velocity.z()});
  }
  for (const CableState& c : frame.cables) out.insert(out.end(), {c.length, c.tension});
  for (const JointDriveState& d : frame.drives) out.insert(out.end(), {d.position, d.effort});
  double fn_max = 0.0, ft_max = 0.0;
  if (const ContactForceSource* contacts = simulation.contacts()) {
    // Pairs are identified by their bodies; a scene lists each pair once.
    for (const ContactPairDefinition& pair : contacts->pairs()) {
      double sum = 0.0;
      for (const ContactDiagnostics& c : frame.contacts) {
        if (c.body_a == pair.body_a && c.body_b == pair.body_b) sum += c.normal_force;
      }
      out.push_back(sum);
    }
  }
  for (const ContactDiagnostics& c : frame.contacts) {
    fn_max = std::max(fn_max, c.normal_force);
    ft_max = std::max(ft_max, c.friction_force.norm());
  }
  out.insert(out.end(), {static_cast<double>(frame.contacts.size()), fn_max, ft_max});
  const EnergyReport& e = frame.energy;
  out.insert(out.end(), {e.kinetic, e.gravity, e.springs, e.cable_work, e.drive_work, e.load_work,
                         e.source_work, e.dissipated, e.balance()});
  out.insert(out.end(),
             {static_cast<double>(frame.solver.newton_iterations),
              static_cast<double>(frame.solver.substeps), frame.solver.constraint_violation});
}

}  // namespace contactsim::python
