// `contactsim-cli run SCENE [--until T] [--dt H] [--output-every S] [--csv FILE]
// [--contacts-csv FILE] [--record FILE] [--geometry-update MODE] [--threads N] [--json]`: runs a
// scene headless (the CLI's contract: app/cli/main.cpp). `run [SCENE] --resume RECORDING
// --at T ...` continues a recorded run from its frame at T (core/record/FORMAT.md, "Resuming").
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/urdf_scene.h"
#include "import/scene_mesh_import.h"
#include "parallel/parallel_pair_loop.h"
#include "record/resume_point.h"
#include "record/run_outputs.h"
#include "scene/scene_reader.h"
#include "sim/chain_report.h"
#include "sim/contact_beginnings.h"
#include "sim/impact_resolution.h"
#include "sim/simulation.h"
#include "sim/start_check.h"
#include "volumetric/volumetric_force_source.h"

namespace contactsim::cli {
namespace {

struct RunArguments {
  std::string scene;
  std::optional<double> until, dt, output_every, tolerance;
  bool fixed_step = false;
  std::string csv, contacts_csv, record;
  std::string geometry_update = "once-per-step";
  int threads = 0;  // contact pairs in parallel; 0: all cores
  bool json = false;
  UrdfArguments urdf;
  std::string resume;  // a recording to continue
  std::optional<double> at;
  std::string keyframe;  // start from this keyframe of the scene
};

ContactGeometryUpdate parseGeometryUpdate(const std::string& text) {
  if (text == "every-iteration") return ContactGeometryUpdate::EveryIteration;
  if (text == "once-per-step") return ContactGeometryUpdate::OncePerStep;
  throw std::runtime_error("--geometry-update: expected every-iteration or once-per-step, got '" +
                           text + "'");
}

// A one-line progress bar redrawn in place on stderr, only when stderr is a terminal.
class ProgressBar {
 public:
  ProgressBar() : enabled_(isatty(fileno(stderr)) != 0) {}
  void update(double fraction, double t) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100) && fraction < 1.0) return;
    last_ = now;
    const int width = 40, filled = static_cast<int>(std::lround(fraction * width));
    std::fprintf(stderr, "\r[%s%s] %3d%%  t = %.4g s", std::string(filled, '#').c_str(),
                 std::string(width - filled, ' ').c_str(), static_cast<int>(fraction * 100), t);
    std::fflush(stderr);
  }
  void finish() {
    if (enabled_) std::fprintf(stderr, "\n");
  }

 private:
  bool enabled_;
  std::chrono::steady_clock::time_point last_{};
};

// Where a run starts: SCENE from t = 0 (or a keyframe of it), or a recorded run's frame
// (--resume) with its recorded scene or SCENE, the same scene edited.
struct RunStart {
  std::optional<ResumePoint> resume;
  std::string recorded_scene_text;  // the recording's scene (with --resume)
  Scene scene;
};

RunStart findRunStart(const RunArguments& args) {
  RunStart start;
  std::optional<RecordingReader> recording;
  if (!args.resume.empty()) {
    if (!args.at) throw std::runtime_error("--resume: give the time to continue from with --at");
    recording.emplace(args.resume);
    start.resume = resumePointAt(*recording, nearestFrame(*recording, *args.at));
    start.recorded_scene_text = recording->header().scene_json;
  } else if (args.at) {
    throw std::runtime_error("--at: only with --resume");
  }
  if (!args.scene.empty()) {
    start.scene = readSceneOrUrdf(args.scene, args.urdf, sceneMeshLoader());
  } else if (recording) {
    // The recorded scene's meshes are found relative to where it was read from.
    try {
      start.scene =
          parseScene(start.recorded_scene_text, recording->header().scene_path, sceneMeshLoader());
    } catch (const std::exception& error) {
      throw std::runtime_error(std::string(error.what()) +
                               " (the recording's scene, read from its recorded path; give the "
                               "scene file: run SCENE --resume ...)");
    }
  } else {
    throw std::runtime_error("SCENE is required (or --resume)");
  }
  if (!args.keyframe.empty()) {
    if (start.resume)
      throw std::runtime_error("--keyframe: not with --resume (a resumed run has a state)");
    applyKeyframe(start.scene, args.keyframe);
  }
  return start;
}

// The command line's --dt, --tolerance and --fixed-step over the scene's solver settings.
void applySolverOptions(const RunArguments& args, Scene& scene) {
  if (args.dt) {
    if (!(*args.dt > 0.0) || !std::isfinite(*args.dt))
      throw std::runtime_error("--dt: expected a positive number of seconds");
    scene.solver.time_step = *args.dt;
  }
  if (args.tolerance) {
    if (!(*args.tolerance > 0.0) || !std::isfinite(*args.tolerance))
      throw std::runtime_error("--tolerance: expected a positive number");
    scene.solver.tolerance = *args.tolerance;
  }
  if (args.fixed_step) scene.solver.tolerance.reset();
}

// Which steps a run takes and after which it writes a frame.
struct StepPlan {
  double h = 0.0;
  long first_step = 0, steps = 0, output_stride = 1;
};

// Whole steps; the run ends at the first step at or after --until. A resumed run counts its steps
// from t = 0 too, so that its output frames fall where the original run's did.
StepPlan planSteps(const RunArguments& args, const Scene& scene,
                   const std::optional<ResumePoint>& resume) {
  StepPlan plan;
  plan.h = scene.solver.time_step;
  const double until = args.until.value_or(scene.end_time);
  if (!(until >= 0.0) || !std::isfinite(until))
    throw std::runtime_error("--until: expected a time >= 0 s");
  const double output_every = args.output_every.value_or(plan.h);
  if (!(output_every > 0.0) || !std::isfinite(output_every))
    throw std::runtime_error("--output-every: expected a positive number of seconds");
  plan.steps = static_cast<long>(std::ceil(until / plan.h - 1e-9));
  plan.first_step = resume ? std::lround(resume->state.time / plan.h) : 0;
  if (resume && plan.steps <= plan.first_step)
    throw std::runtime_error("--until: " + std::to_string(until) +
                             " s is not after the resumed frame's " +
                             std::to_string(resume->state.time) + " s");
  plan.output_stride = std::max(1L, static_cast<long>(std::lround(output_every / plan.h)));
  return plan;
}

// Before the run, so a misplaced body is named instead of being fired off by the law; a body
// inside another throws here, naming the pair (core/sim/start_check.h has the threshold rule). A
// resumed state is mid-run: its contacts are the run's, not a misplaced body.
StartCheck reportStartCheck(const Scene& scene, bool resumed) {
  const StartCheck check = resumed ? StartCheck{} : checkStart(scene);
  for (const StartOverlap& overlap : check.overlaps)
    std::fprintf(stderr, "warning: %s\n", describe(overlap).c_str());
  if (const std::string line = describeSmallOverlaps(check); !line.empty())
    std::fprintf(stderr, "note: %s\n", line.c_str());
  return check;
}

nlohmann::json toJson(const StartCheck& check) {
  nlohmann::json overlaps = nlohmann::json::array();
  for (const StartOverlap& o : check.overlaps) {
    overlaps.push_back(
        {{"body_a", o.body_a},
         {"body_b", o.body_b},
         {"depth", o.depth},
         {"threshold", o.threshold},
         {"where", {o.where.x(), o.where.y(), o.where.z()}},
         {"lift_direction", {o.lift_direction.x(), o.lift_direction.y(), o.lift_direction.z()}},
         {"lift_distance", o.lift_distance},
         {"patches", o.patches}});
  }
  return overlaps;
}

// The figures a run sums or maximises over its steps.
struct RunTally {
  long iterations = 0, substeps = 0, rejected = 0, failed = 0, refused = 0, stalled = 0,
       contact_frames = 0, volumetric_frames = 0;
  int max_iterations = 0;
  double smallest_substep = 0.0, max_violation = 0.0, largest_stall_residual = 0.0;
  std::size_t max_contacts = 0, max_volumetric_points = 0;
  ContactBeginnings beginnings;
  ImpactResolution impacts;

  void add(const StepReport& r, const Simulation& simulation,
           const volumetric::VolumetricForceSource* volumetric) {
    iterations += r.newton_iterations;
    substeps += r.substeps;
    rejected += r.rejected_substeps;
    failed += r.failed_substeps;
    refused += r.refused_substeps;
    stalled += r.stalled_substeps;
    largest_stall_residual = std::max(largest_stall_residual, r.largest_stall_residual);
    if (r.smallest_substep > 0.0) smallest_substep = std::min(smallest_substep, r.smallest_substep);
    max_iterations = std::max(max_iterations, r.max_newton_iterations);
    max_violation = std::max(max_violation, r.constraint_violation);
    impacts.add(simulation);
    if (const ContactForceSource* contacts = simulation.contacts()) {
      max_contacts = std::max(max_contacts, contacts->contacts().size());
      contact_frames += contacts->contacts().empty() ? 0 : 1;
      beginnings.add(contacts->contacts());
    }
    if (volumetric) {
      max_volumetric_points = std::max(max_volumetric_points, volumetric->contacts().size());
      volumetric_frames += volumetric->contacts().empty() ? 0 : 1;
    }
  }
  double meanIterations() const {
    return substeps > 0 ? static_cast<double>(iterations) / substeps : 0.0;
  }
};

// What a finished run reports, for --json and for the printed summary.
struct RunSummary {
  const RunArguments& args;
  const Simulation& simulation;
  const volumetric::VolumetricForceSource* volumetric;
  const StepPlan& plan;
  const std::optional<ResumePoint>& resume;
  const StartCheck& start_check;
  const RunTally& tally;
  int threads;
  double wall;

  nlohmann::json json() const;
  void print() const;
  // The simulated time this run covered (what its wall time paid for): from the resumed state's
  // time, or from 0.
  double simulatedSpan() const {
    return simulation.integrator().state().t - (resume ? resume->state.time : 0.0);
  }
};

nlohmann::json chainsJson(const Simulation& simulation) {
  nlohmann::json chains = nlohmann::json::array();
  for (const auto& [name, chain] : namedChains(simulation)) {
    const ChainCable::GuideJumps& jumps = chain->guideJumps();
    chains.push_back({{"name", name},
                      {"guide_jumps", jumps.count},
                      {"largest_guide_jump", jumps.largest},
                      {"first_guide_jump_time", jumps.count > 0 ? nlohmann::json(jumps.first_time)
                                                                : nlohmann::json(nullptr)}});
  }
  return chains;
}

nlohmann::json RunSummary::json() const {
  const Ali3pIntegrator& integrator = simulation.integrator();
  const double simulated = simulatedSpan();
  const EnergyReport e = integrator.energy();
  const ContactTimings timings =
      simulation.contacts() ? simulation.contacts()->timings() : ContactTimings{};
  nlohmann::json summary = {
      {"scene", args.scene},
      {"steps", plan.steps - plan.first_step},
      {"resumed_at", resume ? nlohmann::json(resume->state.time) : nlohmann::json(nullptr)},
      {"substeps", tally.substeps},
      {"rejected_substeps", tally.rejected},
      {"failed_substeps", tally.failed},
      {"refused_substeps", tally.refused},
      {"stalled_substeps", tally.stalled},
      {"largest_stall_residual", tally.largest_stall_residual},
      {"smallest_substep", tally.smallest_substep},
      {"tolerance", simulation.scene().solver.tolerance
                        ? nlohmann::json(*simulation.scene().solver.tolerance)
                        : nlohmann::json(nullptr)},
      {"simulated_seconds", simulated},
      {"end_time", integrator.state().t},
      {"wall_seconds", wall},
      {"real_time_factor", wall > 0.0 ? simulated / wall : 0.0},
      {"newton_iterations_mean", tally.meanIterations()},
      {"newton_iterations_max", tally.max_iterations},
      {"max_constraint_violation", tally.max_violation},
      {"time_step", plan.h},
      {"threads", threads},
      {"penalty", integrator.penalty()},
      {"coordinates", simulation.system().coordinateCount()},
      {"contact_pairs", simulation.contacts() ? simulation.contacts()->pairs().size() : 0},
      {"max_contacts", tally.max_contacts},
      {"steps_with_contact", tally.contact_frames},
      {"contacts_made", tally.beginnings.made()},
      {"contacts_split", tally.beginnings.split()},
      {"unresolved_impacts",
       {{"count", tally.impacts.unresolved().count},
        {"first_time", tally.impacts.unresolved().first_time},
        {"first_pair", tally.impacts.unresolved().first_pair}}},
      {"start_overlaps", toJson(start_check)},
      {"chains", chainsJson(simulation)},
      {"start_small_overlaps", start_check.small_overlaps},
      {"contact_seconds",
       {{"collision", timings.collision},
        {"regions", timings.regions},
        {"forces", timings.forces},
        {"broad_phase", timings.broad_phase},
        {"queries", timings.queries},
        {"pairs_skipped", timings.pairs_skipped},
        {"geometries_kept", timings.geometries_kept}}},
      {"constraints", simulation.system().constraintCount()},
      {"energy",
       {{"kinetic", e.kinetic},
        {"gravity", e.gravity},
        {"springs", e.springs},
        {"cable_work", e.cable_work},
        {"drive_work", e.drive_work},
        {"load_work", e.load_work},
        {"source_work", e.source_work},
        {"dissipated", e.dissipated},
        {"balance", e.balance()}}},
  };
  if (volumetric) {
    const volumetric::VolumetricStatistics& v = volumetric->statistics();
    summary["volumetric"] = {{"pairs", volumetric->pairs().size()},
                             {"max_points", tally.max_volumetric_points},
                             {"steps_with_contact", tally.volumetric_frames},
                             {"piece_pairs_tested", v.piece_pairs_tested},
                             {"points_before_sparsify", v.points_before},
                             {"points_after_sparsify", v.points_after},
                             {"geometry_seconds", v.geometry_seconds},
                             {"force_seconds", v.force_seconds},
                             {"broad_phase_seconds", v.broad_phase_seconds},
                             {"pair_evaluations_skipped", v.pair_evaluations_skipped}};
  }
  return summary;
}

void RunSummary::print() const {
  const Ali3pIntegrator& integrator = simulation.integrator();
  const double simulated = simulatedSpan();
  const EnergyReport e = integrator.energy();
  std::printf("scene                     %s\n", args.scene.c_str());
  std::printf(
      "steps                     %ld of %.6g s (%ld substeps, %ld rejected of which %ld failed: "
      "%ld refused by a force source, %ld Newton; smallest %.3g s)\n",
      plan.steps - plan.first_step, plan.h, tally.substeps, tally.rejected, tally.failed,
      tally.refused, tally.failed - tally.refused, tally.smallest_substep);
  if (resume) std::printf("resumed at                %.6g s\n", resume->state.time);
  std::printf("simulated seconds         %.6g (to t = %.6g s)\n", simulated, integrator.state().t);
  std::printf("wall seconds              %.6g (real-time factor %.3g)\n", wall,
              wall > 0.0 ? simulated / wall : 0.0);
  std::printf("Newton iterations         mean %.3g per substep, max %d\n", tally.meanIterations(),
              tally.max_iterations);
  if (tally.stalled > 0)
    std::printf("stalled substeps          %ld, accepted with up to %.3g N unbalanced\n",
                tally.stalled, tally.largest_stall_residual);
  std::printf("max constraint violation  %.3g\n", tally.max_violation);
  if (const ContactForceSource* contacts = simulation.contacts()) {
    const ContactTimings timings = contacts->timings();
    std::printf(
        "contact                   %zu pairs, at most %zu patches, %ld steps in contact; %ld "
        "contacts made, %ld split off or re-identified\n",
        contacts->pairs().size(), tally.max_contacts, tally.contact_frames, tally.beginnings.made(),
        tally.beginnings.split());
    std::printf(
        "contact wall seconds      collision %.3g, regions %.3g, forces %.3g, broad phase %.3g "
        "(%ld queries; %ld pair evaluations skipped, boxes apart; %ld geometries kept at rest)\n",
        timings.collision, timings.regions, timings.forces, timings.broad_phase, timings.queries,
        timings.pairs_skipped, timings.geometries_kept);
  }
  if (volumetric) {
    const volumetric::VolumetricStatistics& v = volumetric->statistics();
    std::printf("volumetric contact        %zu pairs, at most %zu points, %ld steps in contact\n",
                volumetric->pairs().size(), tally.max_volumetric_points, tally.volumetric_frames);
    std::printf(
        "volumetric wall seconds   geometry %.3g, forces %.3g, broad phase %.3g (%ld piece pairs "
        "tested; %ld pair evaluations skipped, boxes apart; points %ld before sparsify, %ld "
        "after)\n",
        v.geometry_seconds, v.force_seconds, v.broad_phase_seconds, v.piece_pairs_tested,
        v.pair_evaluations_skipped, v.points_before, v.points_after);
  }
  std::printf(
      "energy [J]                kinetic %.6g, gravity %.6g, springs %.6g, cable work %.6g, "
      "drive work %.6g, load work %.6g, force-source work (contact, chains, motors, limits) "
      "%.6g, dissipated %.6g, balance %.9g\n",
      e.kinetic, e.gravity, e.springs, e.cable_work, e.drive_work, e.load_work, e.source_work,
      e.dissipated, e.balance());
}

// The text a recording keeps as its scene: the scene file's, or the resumed recording's.
std::string recordedSceneText(const RunArguments& args, const RunStart& run_start,
                              const Simulation& simulation) {
  std::string text;
  if (!args.record.empty() && !args.scene.empty()) {
    std::ifstream scene_file(simulation.scene().file, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(scene_file), {});
  } else if (run_start.resume) {
    text = run_start.recorded_scene_text;
  }
  return text;
}

void runScene(const RunArguments& args) {
  RunStart run_start = findRunStart(args);
  const std::optional<ResumePoint>& resume = run_start.resume;
  Scene scene = std::move(run_start.scene);
  for (const std::string& warning : scene.warnings)
    std::fprintf(stderr, "warning: %s\n", warning.c_str());
  applySolverOptions(args, scene);
  const StepPlan plan = planSteps(args, scene, resume);

  ContactOptions contact_options;
  contact_options.geometry_update = parseGeometryUpdate(args.geometry_update);
  if (args.threads < 0) throw std::runtime_error("--threads: expected a count >= 0 (0: all cores)");
  const int threads = args.threads > 0 ? args.threads : availableThreads();
  contact_options.pair_loop = parallelPairLoop(threads);
  const StartCheck start_check = reportStartCheck(scene, resume.has_value());

  const auto start = std::chrono::steady_clock::now();
  // Pairs the scene puts in volumetric geometry (contact.geometry) run in contactsim_volumetric.
  Simulation simulation(std::move(scene), contact_options, nullptr,
                        volumetric::volumetricSourceFactory());
  const auto* volumetric =
      dynamic_cast<const volumetric::VolumetricForceSource*>(simulation.volumetricContacts());
  const std::string scene_text = recordedSceneText(args, run_start, simulation);
  if (resume) simulation.restore(resume->checkpoint);
  RunOutputs outputs(simulation.scene(), scene_text, {args.csv, args.contacts_csv, args.record},
                     {"--csv", "--contacts-csv"});
  // Every recorded frame carries the checkpoint a later run can resume from.
  const auto checkpoint = [&]() -> std::vector<std::uint8_t> {
    if (!outputs.recording()) return {};
    return simulation.checkpoint().value_or(std::vector<std::uint8_t>{});
  };
  // A resumed run's first frame is the recorded one it continues (its contacts included).
  if (outputs.any()) {
    if (resume)
      outputs.write(resume->state, resume->checkpoint);
    else
      outputs.write(simulation.frame(), checkpoint());
  }
  ProgressBar progress;
  RunTally tally;
  tally.smallest_substep = plan.h;
  tally.max_violation = simulation.integrator().constraintViolation();
  try {
    for (long k = plan.first_step + 1; k <= plan.steps; ++k) {
      tally.add(simulation.step(), simulation, volumetric);
      if (outputs.any() && (k % plan.output_stride == 0 || k == plan.steps))
        outputs.write(simulation.frame(), checkpoint());
      progress.update(static_cast<double>(k - plan.first_step) / (plan.steps - plan.first_step),
                      simulation.integrator().state().t);
    }
  } catch (...) {
    progress.finish();
    outputs.flush();  // the rows and frames up to the failure stay readable
    throw;
  }
  progress.finish();
  outputs.close();
  if (const std::string unresolved = describe(tally.impacts.unresolved()); !unresolved.empty())
    std::fprintf(stderr, "warning: %s\n", unresolved.c_str());
  for (const std::string& line : guideJumpWarnings(simulation))
    std::fprintf(stderr, "warning: %s\n", line.c_str());
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const RunSummary summary{args,        simulation, volumetric, plan, resume,
                           start_check, tally,      threads,    wall};
  if (args.json)
    std::cout << summary.json().dump(2) << '\n';
  else
    summary.print();
}

}  // namespace

void addRunCommand(CLI::App& app) {
  auto args = std::make_shared<RunArguments>();
  CLI::App* run = app.add_subcommand("run", "Run a scene headless (ALI3-P dynamics)");
  run->add_option("SCENE", args->scene,
                  "Scene file (JSON) or robot description (.urdf); with --resume, optional: the "
                  "recorded scene edited (laws, materials, settings; same bodies, joints, cables)");
  addUrdfOptions(*run, args->urdf);
  run->add_option("--until", args->until, "Simulate until T seconds (default: solver.end_time)");
  run->add_option("--dt", args->dt,
                  "Time step in seconds (default: solver.time_step); with error control, the "
                  "largest substep and the frame interval");
  run->add_option("--tolerance", args->tolerance,
                  "Error control: local position error per substep, relative to the model's "
                  "size (default: solver.tolerance; none = fixed steps)");
  run->add_flag("--fixed-step", args->fixed_step,
                "Fixed steps of --dt even if the scene sets solver.tolerance");
  run->add_option("--output-every", args->output_every,
                  "CSV row interval in seconds (default: every step)");
  run->add_option("--csv", args->csv, "Write body states and cables to this CSV file");
  run->add_option("--contacts-csv", args->contacts_csv,
                  "Write the contact patches (per output time: pair, id, centroid, normal, "
                  "indentation, forces) to this CSV file");
  run->add_option("--record", args->record, "Write a recording (SQLite) to this file");
  run->add_option(
      "--geometry-update", args->geometry_update,
      "Contact geometry: once-per-step (default, linearised within a step) or every-iteration");
  run->add_option("--threads", args->threads,
                  "Threads for the contact pairs (default 0: all cores; results are identical "
                  "for any count)");
  run->add_flag("--json", args->json, "Print the summary as one JSON object");
  run->add_option("--keyframe", args->keyframe,
                  "Start from this keyframe of the scene (keyframes[]: the bodies' poses and "
                  "velocities) instead of the bodies' initial state");
  run->add_option("--resume", args->resume,
                  "Continue the run recorded in this file (written by run --record) from --at");
  run->add_option("--at", args->at,
                  "With --resume: the time to continue from (the nearest recorded frame)");
  run->callback([args] { runScene(*args); });
}

}  // namespace contactsim::cli
