#include "arrays.h"

#include <algorithm>

namespace contactsim::python {
namespace {

template <typename T, typename Get>
py::array_t<T> column(const std::vector<ContactDiagnostics>& contacts, Get get) {
  py::array_t<T> out(static_cast<py::ssize_t>(contacts.size()));
  auto view = out.template mutable_unchecked<1>();
  for (std::size_t i = 0; i < contacts.size(); ++i)
    view(static_cast<py::ssize_t>(i)) = get(contacts[i]);
  return out;
}

template <typename Get>
py::array_t<double> vectors(const std::vector<ContactDiagnostics>& contacts, Get get) {
  py::array_t<double> out({static_cast<py::ssize_t>(contacts.size()), py::ssize_t{3}});
  auto view = out.mutable_unchecked<2>();
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const Vec3 v = get(contacts[i]);
    for (int j = 0; j < 3; ++j) view(static_cast<py::ssize_t>(i), j) = v[j];
  }
  return out;
}

}  // namespace

py::array_t<double> matrix(const std::vector<double>& values, std::size_t columns) {
  const std::size_t rows = columns == 0 ? 0 : values.size() / columns;
  py::array_t<double> out({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(columns)});
  std::copy(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rows * columns),
            out.mutable_data());
  return out;
}

py::array_t<double> bodyStates(const SimulationFrame& frame) {
  std::vector<double> values;
  for (const BodyState& s : frame.bodies) {
    Eigen::Quaterniond q(s.pose.rotation);
    if (q.w() < 0.0) q.coeffs() = -q.coeffs();  // the state CSV's sign convention
    values.insert(
        values.end(),
        {s.pose.translation.x(), s.pose.translation.y(), s.pose.translation.z(), q.w(), q.x(),
         q.y(), q.z(), s.linear_velocity.x(), s.linear_velocity.y(), s.linear_velocity.z(),
         s.angular_velocity.x(), s.angular_velocity.y(), s.angular_velocity.z()});
  }
  return matrix(values, 13);
}

py::array_t<double> cableStates(const SimulationFrame& frame) {
  std::vector<double> values;
  for (const CableState& c : frame.cables) values.insert(values.end(), {c.length, c.tension});
  return matrix(values, 2);
}

py::array_t<double> driveStates(const SimulationFrame& frame) {
  std::vector<double> values;
  for (const JointDriveState& d : frame.drives) values.insert(values.end(), {d.position, d.effort});
  return matrix(values, 2);
}

py::dict contactArrays(const SimulationFrame& frame) {
  const auto& c = frame.contacts;
  py::dict out;
  out["body_a"] = column<int>(c, [](const ContactDiagnostics& d) { return d.body_a; });
  out["body_b"] = column<int>(c, [](const ContactDiagnostics& d) { return d.body_b; });
  out["id"] = column<int>(c, [](const ContactDiagnostics& d) { return d.patch.id; });
  // The id this contact continues (split, merged, re-identified), −1 for a make event.
  out["continues"] = column<int>(c, [](const ContactDiagnostics& d) { return d.patch.continues; });
  out["centroid"] = vectors(c, [](const ContactDiagnostics& d) { return d.patch.centroid; });
  out["pressure_centre"] =
      vectors(c, [](const ContactDiagnostics& d) { return d.patch.pressure_centre; });
  // Where the forces act (ContactPatch::forcePoint): moments are taken about it.
  out["force_point"] = vectors(c, [](const ContactDiagnostics& d) { return d.patch.forcePoint(); });
  out["normal"] = vectors(c, [](const ContactDiagnostics& d) { return d.patch.normal; });
  out["delta"] = column<double>(c, [](const ContactDiagnostics& d) { return d.patch.indentation; });
  out["delta_rate"] =
      column<double>(c, [](const ContactDiagnostics& d) { return d.indentation_rate; });
  out["fn"] = column<double>(c, [](const ContactDiagnostics& d) { return d.normal_force; });
  out["ft"] = vectors(c, [](const ContactDiagnostics& d) { return d.friction_force; });
  out["area"] = column<double>(c, [](const ContactDiagnostics& d) { return d.patch.area; });
  out["sticking"] = column<bool>(c, [](const ContactDiagnostics& d) { return d.sticking; });
  out["slip"] = vectors(c, [](const ContactDiagnostics& d) { return d.slip_velocity; });
  out["spin_torque"] = column<double>(c, [](const ContactDiagnostics& d) { return d.spin_torque; });
  // Volumetric contact points only (0 and −1 for a patch): A ∩ B's volume and the convex pieces.
  out["volume"] =
      column<double>(c, [](const ContactDiagnostics& d) { return d.intersection_volume; });
  out["piece_a"] = column<int>(c, [](const ContactDiagnostics& d) { return d.piece_a; });
  out["piece_b"] = column<int>(c, [](const ContactDiagnostics& d) { return d.piece_b; });
  return out;
}

py::dict energyDict(const EnergyReport& e) {
  py::dict out;
  out["kinetic"] = e.kinetic;
  out["gravity"] = e.gravity;
  out["springs"] = e.springs;
  out["cable_work"] = e.cable_work;
  out["drive_work"] = e.drive_work;
  out["load_work"] = e.load_work;
  out["source_work"] = e.source_work;
  out["dissipated"] = e.dissipated;
  out["balance"] = e.balance();
  return out;
}

py::dict frameDict(const SimulationFrame& frame) {
  py::dict out;
  out["time"] = frame.time;
  out["bodies"] = bodyStates(frame);
  out["cables"] = cableStates(frame);
  out["drives"] = driveStates(frame);
  out["contacts"] = contactArrays(frame);
  out["energy"] = energyDict(frame.energy);
  return out;
}

}  // namespace contactsim::python
