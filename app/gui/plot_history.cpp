#include "plot_history.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace contactsim::gui {

namespace {

constexpr std::size_t kBodyChannels = 2;   // speed, height: the first frame columns
constexpr std::size_t kDriveChannels = 2;  // effort, coordinate: the frame columns after those

}  // namespace

const char* quantityTitle(Quantity quantity) {
  switch (quantity) {
    case Quantity::Force:
      return "Contact force";
    case Quantity::Indentation:
      return "Indentation";
    case Quantity::Tension:
      return "Cable tension";
    case Quantity::Energy:
      return "Energy";
    case Quantity::Speed:
      return "Body speed";
    case Quantity::Height:
      return "Body height (z)";
    case Quantity::DriveTorque:
      return "Drive torque";
    case Quantity::DriveForce:
      return "Drive force";
    case Quantity::JointAngle:
      return "Driven joint angle";
    case Quantity::JointDisplacement:
      return "Driven joint displacement";
  }
  return "";
}

const char* quantityUnit(Quantity quantity) {
  switch (quantity) {
    case Quantity::Force:
    case Quantity::Tension:
    case Quantity::DriveForce:
      return "N";
    case Quantity::Indentation:
    case Quantity::Height:
    case Quantity::JointDisplacement:
      return "m";
    case Quantity::DriveTorque:
      return "N·m";
    case Quantity::JointAngle:
      return "rad";
    case Quantity::Energy:
      return "J";
    case Quantity::Speed:
      return "m/s";
  }
  return "";
}

std::vector<DriveName> driveNames(const Scene& scene) {
  std::vector<DriveName> names;
  for (const SceneJoint& joint : scene.joints) {
    if (joint.drive) names.push_back({joint.name, joint.type == JointType::Revolute});
  }
  return names;
}

std::vector<DriveName> driveNames(const RecordingHeader& header) {
  std::vector<DriveName> names;
  const nlohmann::json scene = nlohmann::json::parse(header.scene_json, nullptr, false);
  for (const std::string& joint : header.drives) {
    DriveName name{joint, true};
    if (scene.is_object() && scene.contains("joints") && scene["joints"].is_array()) {
      for (const nlohmann::json& j : scene["joints"]) {
        if (j.is_object() && j.value("name", "") == joint)
          name.revolute = j.value("type", "revolute") != "prismatic";
      }
    }
    names.push_back(name);
  }
  return names;
}

void PlotHistory::reset(const std::vector<std::string>& bodies,
                        const std::vector<std::string>& cables,
                        const std::vector<DriveName>& drives, bool contact) {
  bodies_ = bodies;
  cables_ = cables.size();
  drives_ = drives.size();
  channels_.clear();
  where_.clear();
  pairs_.clear();
  steps_ = {};
  frames_ = {};
  addChannel({"Totals", "Σ F_n", Quantity::Force, contact}, false);
  addChannel({"Totals", "Σ |F_t|", Quantity::Force, contact}, false);
  addChannel({"Totals", "max δ", Quantity::Indentation, contact}, false);
  for (const std::string& cable : cables)
    addChannel({"Cables", cable, Quantity::Tension, true}, false);
  addChannel({"Energy", "kinetic", Quantity::Energy, true}, false);
  addChannel({"Energy", "potential", Quantity::Energy, true}, false);
  addChannel({"Energy", "balance", Quantity::Energy, true}, false);
  for (const std::string& body : bodies) {
    addChannel({"Bodies", body + " speed", Quantity::Speed}, true);
    addChannel({"Bodies", body + " z", Quantity::Height}, true);
  }
  for (const DriveName& drive : drives) {
    addChannel({"Drives", drive.joint + (drive.revolute ? " torque" : " force"),
                drive.revolute ? Quantity::DriveTorque : Quantity::DriveForce, true},
               true);
    addChannel({"Drives", drive.joint + (drive.revolute ? " angle" : " displacement"),
                drive.revolute ? Quantity::JointAngle : Quantity::JointDisplacement},
               true);
  }
}

std::size_t PlotHistory::addChannel(PlotChannel channel, bool per_frame) {
  Store& store = per_frame ? frames_ : steps_;
  // Rows before the channel existed read 0: a pair not yet in contact carries no force.
  store.columns.emplace_back(store.time.size(), 0.0);
  where_.push_back({per_frame, store.columns.size() - 1});
  channels_.push_back(std::move(channel));
  return channels_.size() - 1;
}

void PlotHistory::append(Store& store, double time, const std::vector<double>& row) {
  if (store.seen++ % store.stride != 0) return;
  store.time.push_back(time);
  for (std::size_t c = 0; c < store.columns.size(); ++c) store.columns[c].push_back(row[c]);
  if (static_cast<int>(store.time.size()) < max_points_) return;
  auto halve = [](std::vector<double>& values) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < values.size(); i += 2) values[kept++] = values[i];
    values.resize(kept);
  };
  halve(store.time);
  for (std::vector<double>& column : store.columns) halve(column);
  store.stride *= 2;
}

void PlotHistory::addSample(const PlotSample& sample) {
  std::vector<double> row = {sample.normal_force, sample.friction_force, sample.indentation};
  for (std::size_t i = 0; i < cables_; ++i) {
    row.push_back(i < sample.cable_tensions.size() ? sample.cable_tensions[i] : NAN);
  }
  row.insert(row.end(), {sample.kinetic, sample.potential, sample.balance});
  append(steps_, sample.time, row);
}

void PlotHistory::addFrame(const SimulationFrame& frame) {
  auto name = [this](int body) {
    if (body >= 0 && body < int(bodies_.size())) return bodies_[std::size_t(body)];
    return std::string("#").append(std::to_string(body));
  };
  std::vector<double> row(frames_.columns.size(), 0.0);
  for (std::size_t b = 0; b < bodies_.size(); ++b) {
    const bool known = b < frame.bodies.size();
    row[kBodyChannels * b] = known ? frame.bodies[b].linear_velocity.norm() : NAN;
    row[kBodyChannels * b + 1] = known ? frame.bodies[b].pose.translation.z() : NAN;
  }
  const std::size_t first_drive = kBodyChannels * bodies_.size();
  for (std::size_t d = 0; d < drives_; ++d) {
    const bool known = d < frame.drives.size();
    row[first_drive + kDriveChannels * d] = known ? frame.drives[d].effort : NAN;
    row[first_drive + kDriveChannels * d + 1] = known ? frame.drives[d].position : NAN;
  }
  for (const ContactDiagnostics& contact : frame.contacts) {
    const std::pair key(contact.body_a, contact.body_b);
    auto found = pairs_.find(key);
    if (found == pairs_.end()) {
      const std::string pair = name(contact.body_a) + "–" + name(contact.body_b);
      found = pairs_.emplace(key, channels_.size()).first;
      addChannel({"Contact pairs", pair + " F_n", Quantity::Force}, true);
      addChannel({"Contact pairs", pair + " |F_t|", Quantity::Force}, true);
      addChannel({"Contact pairs", pair + " max δ", Quantity::Indentation}, true);
      row.resize(frames_.columns.size(), 0.0);
    }
    const std::size_t column = where_[found->second].column;
    row[column] += contact.normal_force;
    row[column + 1] += contact.friction_force.norm();
    row[column + 2] = std::max(row[column + 2], contact.patch.indentation);
  }
  append(frames_, frame.time, row);
}

std::vector<std::pair<double, double>> PlotHistory::points(std::size_t channel) const {
  const Where where = where_.at(channel);
  const Store& store = where.per_frame ? frames_ : steps_;
  const std::vector<double>& column = store.columns[where.column];
  std::vector<std::pair<double, double>> result;
  result.reserve(column.size());
  for (std::size_t i = 0; i < column.size(); ++i) {
    if (std::isfinite(column[i])) result.emplace_back(store.time[i], column[i]);
  }
  return result;
}

std::pair<double, double> PlotHistory::timeSpan() const {
  double t0 = INFINITY, t1 = -INFINITY;
  for (const Store* store : {&steps_, &frames_}) {
    if (store->time.empty()) continue;
    t0 = std::min(t0, store->time.front());
    t1 = std::max(t1, store->time.back());
  }
  return std::isfinite(t0) ? std::pair(t0, t1) : std::pair(0.0, 0.0);
}

}  // namespace contactsim::gui
