"""Features and models of the learned heuristics: boards in, predicted distances out.

A board is described by features a reader can name (:func:`features`):

* ``manhattan_t`` for every tile ``t`` (not the blank): its grid distance to its goal
  cell, the terms whose sum is h2;
* where every tile (the blank too) stands: one-hot columns ``tile_t_at_p`` for the
  neural network, or one categorical column ``cell_of_t`` per tile for the gradient
  boosting (which splits on categories itself).

Two scikit-learn models (:data:`MODELS`) and three losses (:data:`LOSSES`):

* ``squared``: least squares, the plain regression of h*;
* ``quantile``: the pinball loss of the 5 % quantile, which trains for an estimate that
  falls below h* on about 95 % of the boards (gradient boosting only: scikit-learn's
  MLP has no quantile loss, so ``quantile`` always uses the gradient boosting);
* ``penalty``: squared error with every overestimate weighted :data:`PENALTY` times,
  by iteratively reweighted least squares from the squared fit (asymmetric least
  squares, Newey & Powell 1987; its minimiser is the ``1 / (1 + PENALTY)`` expectile).

Training and prediction run on one thread (:func:`threadpoolctl.threadpool_limits`),
and every random choice comes from the seed, so a rerun gives the same bytes.
scikit-learn is imported only inside the functions that train or predict, never at
``import eightlab``.

References
----------
.. [1] W. K. Newey and J. L. Powell, "Asymmetric least squares estimation and
   testing", Econometrica 55(4), 1987.
.. [2] R. Koenker and G. Bassett, "Regression quantiles", Econometrica 46(1), 1978.
.. [3] F. Pedregosa et al., "Scikit-learn: machine learning in Python", JMLR 12, 2011.
"""

from __future__ import annotations

import contextlib
import copy
import warnings

import numpy as np

from eightlab.errors import EightlabError

#: The models: registry-style name -> what it is.
MODELS = {
    "mlp": "neural network, 2 hidden layers of 64 ReLU units (scikit-learn MLPRegressor, Adam)",
    "hgb": "gradient-boosted trees (scikit-learn HistGradientBoostingRegressor)",
}
#: The losses: name -> what it trains for.
LOSSES = {
    "squared": "least squares: the mean of h* given the features",
    "quantile": "pinball loss of the 5 % quantile (gradient boosting): an under-estimate",
    "penalty": "squared error, overestimates weighted 10 x (asymmetric least squares)",
}
#: The quantile the ``quantile`` loss trains for.
QUANTILE = 0.05
#: Weight of an overestimate in the ``penalty`` loss (1 for an under-estimate).
PENALTY = 10.0
#: Reweighting rounds of the ``penalty`` loss, and the MLP's epochs in each (the MLP's
#: first, unweighted fit is shortened by as many epochs, so it costs what ``squared`` does).
PENALTY_ROUNDS = 2
PENALTY_EPOCHS = 15
#: Epochs of the MLP; boosting iterations of the gradient boosting.
MLP_EPOCHS = 60
HGB_ITERATIONS = 100


def hyperparameters(model: str, loss: str) -> dict:
    """Every setting of a (model, loss) pair, for the cache key and the notebook.

    Parameters
    ----------
    model : str
        A key of :data:`MODELS`.
    loss : str
        A key of :data:`LOSSES`.

    Returns
    -------
    dict
        The estimator's class name and its settings, and the penalty's when
        ``loss`` is ``"penalty"``.

    Raises
    ------
    EightlabError
        For an unknown model or loss.
    """
    if trained_model(model, loss) == "hgb":
        settings = {
            "estimator": "HistGradientBoostingRegressor",
            "max_iter": HGB_ITERATIONS,
            "learning_rate": 0.1,
            "max_leaf_nodes": 31,
            "early_stopping": False,
            "loss": "quantile" if loss == "quantile" else "squared_error",
        }
        if loss == "quantile":
            settings["quantile"] = QUANTILE
    else:
        settings = {
            "estimator": "MLPRegressor",
            "hidden_layer_sizes": (64, 64),
            "max_iter": MLP_EPOCHS,
            "batch_size": 200,
            "learning_rate_init": 1e-3,
            "alpha": 1e-4,
            "early_stopping": False,
            "n_iter_no_change": MLP_EPOCHS,
        }
    if loss == "penalty":
        settings.update(penalty=PENALTY, rounds=PENALTY_ROUNDS)
        if settings["estimator"] == "MLPRegressor":
            settings["round_epochs"] = PENALTY_EPOCHS
            settings["max_iter"] = MLP_EPOCHS - PENALTY_ROUNDS * PENALTY_EPOCHS
    return settings


def trained_model(model: str, loss: str) -> str:
    """The model a (model, loss) pair trains: ``model``, but ``"hgb"`` for ``quantile``.

    scikit-learn's MLP has no quantile loss, so the ``quantile`` loss always trains the
    gradient boosting; the cache names its file by this model.

    Parameters
    ----------
    model : str
        A key of :data:`MODELS`.
    loss : str
        A key of :data:`LOSSES`.

    Returns
    -------
    str
        A key of :data:`MODELS`.

    Raises
    ------
    EightlabError
        For an unknown model or loss.
    """
    check_model(model, loss)
    return "hgb" if loss == "quantile" else model


def check_model(model: str, loss: str) -> None:
    """Raise :class:`EightlabError` naming an unknown model or loss.

    Parameters
    ----------
    model : str
        A key of :data:`MODELS`.
    loss : str
        A key of :data:`LOSSES`.

    Raises
    ------
    EightlabError
        For a name that is not a key of :data:`MODELS` or :data:`LOSSES`.
    """
    if model not in MODELS:
        raise EightlabError(f"unknown model {model!r}; choose one of {', '.join(MODELS)}")
    if loss not in LOSSES:
        raise EightlabError(f"unknown loss {loss!r}; choose one of {', '.join(LOSSES)}")


def feature_kind(model: str, loss: str) -> str:
    """The features a (model, loss) pair is trained on.

    Parameters
    ----------
    model : str
        A key of :data:`MODELS`.
    loss : str
        A key of :data:`LOSSES`.

    Returns
    -------
    str
        ``"onehot"`` for the neural network, ``"cells"`` for the gradient boosting.
    """
    return "cells" if trained_model(model, loss) == "hgb" else "onehot"


def feature_names(size: int, kind: str) -> list[str]:
    """The names of the columns of :func:`features` for boards of ``size`` cells.

    Parameters
    ----------
    size : int
        Cells of the board.
    kind : {"onehot", "cells"}
        The features, as :func:`feature_kind` names them.

    Returns
    -------
    list of str
        One name per column, in the order of :func:`features`.
    """
    names = [f"manhattan_{t}" for t in range(1, size)]
    if kind == "onehot":
        return names + [f"tile_{t}_at_{p}" for t in range(size) for p in range(size)]
    return names + [f"cell_of_{t}" for t in range(size)]


def features(tiles, goal, kind: str = "onehot") -> np.ndarray:
    """The features of many boards for one goal.

    Parameters
    ----------
    tiles : array_like of int, shape (N, size)
        One board per row, cells row-major, ``0`` the blank.
    goal : Board
        The goal the distances are counted to.
    kind : {"onehot", "cells"}
        How tile positions are given (see the module docstring).

    Returns
    -------
    numpy.ndarray of float32, shape (N, len(feature_names(size, kind)))
        Columns in the order of :func:`feature_names`.
    """
    tiles = np.asarray(tiles, dtype=np.int64)
    n, size = tiles.shape
    where = np.argsort(tiles, axis=1)  # where[i, t]: the cell of tile t on board i
    home = np.empty(size, dtype=np.int64)
    home[list(goal.tiles)] = np.arange(size)
    cols = goal.cols
    manhattan = np.abs(where // cols - home // cols) + np.abs(where % cols - home % cols)
    if kind == "cells":
        return np.hstack([manhattan[:, 1:], where]).astype(np.float32)
    onehot = where[:, :, None] == np.arange(size)
    return np.hstack([manhattan[:, 1:], onehot.reshape(n, size * size)]).astype(np.float32)


def nearest_of_parity(prediction, h2) -> np.ndarray:
    """The whole number of moves of h2's parity nearest to each prediction, at least
    ``h2 % 2`` (every move changes both h* and h2 by one, so they share their parity).

    Parameters
    ----------
    prediction : numpy.ndarray of float
        A model's estimates (moves).
    h2 : numpy.ndarray of int
        The boards' Manhattan distances (moves).

    Returns
    -------
    numpy.ndarray of float64
        Whole numbers (moves), one per board.
    """
    h2 = np.asarray(h2).astype(np.float64)
    h = 2 * np.rint((prediction - h2) / 2) + h2
    return np.maximum(h, h2 % 2)


def _sklearn():
    """scikit-learn's two estimators, or an error that says how to install it."""
    try:
        from sklearn.ensemble import HistGradientBoostingRegressor
        from sklearn.neural_network import MLPRegressor
    except ImportError as error:
        raise EightlabError(
            f"the learned heuristics need scikit-learn ({error}); install the pinned "
            "version with: pip install -r requirements.txt"
        ) from None
    return HistGradientBoostingRegressor, MLPRegressor


def _estimator(settings: dict, seed: int, size: int):
    HistGradientBoostingRegressor, MLPRegressor = _sklearn()

    options = {k: v for k, v in settings.items() if k not in ("estimator", "penalty", "rounds",
                                                               "round_epochs")}  # fmt: skip
    if settings["estimator"] == "MLPRegressor":
        return MLPRegressor(random_state=seed, tol=0.0, **options)
    categorical = [False] * (size - 1) + [True] * size
    return HistGradientBoostingRegressor(
        random_state=seed, categorical_features=categorical, **options
    )


def training_steps(model: str, loss: str) -> int:
    """The steps :func:`fit` reports to its ``progress``: the MLP's epochs, or the
    boosting iterations, over every round of the ``penalty`` loss.

    Parameters
    ----------
    model, loss : str
        Keys of :data:`MODELS` and :data:`LOSSES`.

    Returns
    -------
    int
        Steps of one training (the MLP may stop a few epochs early).
    """
    settings = hyperparameters(model, loss)
    rounds = settings.get("rounds", 0)
    return settings["max_iter"] + rounds * settings.get("round_epochs", settings["max_iter"])


def fit(x: np.ndarray, y: np.ndarray, model: str, loss: str, seed: int, size: int,
        progress=None):  # fmt: skip
    """Train one model on features ``x`` (:func:`features`) and distances ``y`` (moves).

    Parameters
    ----------
    x, y : numpy.ndarray
        Training features and their exact distances.
    model, loss : str
        Keys of :data:`MODELS` and :data:`LOSSES`.
    seed : int
        Seeds the model's initial weights and its shuffles.
    size : int
        Cells of the board (to mark the categorical columns).
    progress : callable, optional
        ``progress(1)`` after every epoch of the MLP or iteration of the boosting
        (:func:`training_steps` in all); an exception it raises stops the training.
        Watching changes nothing of the model.

    Returns
    -------
    object
        A fitted scikit-learn estimator (single-threaded, deterministic).

    Raises
    ------
    EightlabError
        For an unknown model or loss, or when scikit-learn is not installed.
    """
    settings = hyperparameters(model, loss)
    estimator = _estimator(settings, seed, size)
    from threadpoolctl import threadpool_limits  # installed with scikit-learn

    with threadpool_limits(limits=1), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning: the epochs are fixed on purpose
        with _watched(estimator, progress):
            estimator.fit(x, y)
        if loss == "penalty":
            estimator = _reweighted(estimator, settings, x, y, seed, size, progress)
    return estimator


@contextlib.contextmanager
def _watched(estimator, progress):
    """Within the block, ``progress(1)`` after each epoch or boosting iteration of
    ``estimator.fit``: the MLP's per-epoch bookkeeping and the boosting's gradient (one
    call per iteration) are wrapped on the instance, and unwrapped after."""
    if progress is None:
        yield
        return
    kind = type(estimator)
    if hasattr(kind, "_update_no_improvement_count"):  # MLPRegressor: once per epoch
        name = "_update_no_improvement_count"

        def wrapped(*args, **kw):
            getattr(kind, name)(estimator, *args, **kw)
            progress(1)
    else:  # HistGradientBoostingRegressor: its loss computes one gradient per iteration
        name = "_get_loss"

        def wrapped(*args, **kw):
            return _TickingLoss(getattr(kind, name)(estimator, *args, **kw), progress)

    setattr(estimator, name, wrapped)
    try:
        yield
    finally:
        delattr(estimator, name)
        if isinstance(getattr(estimator, "_loss", None), _TickingLoss):
            estimator._loss = estimator._loss.loss


class _TickingLoss:
    """A boosting loss that calls ``progress(1)`` on each gradient (one per iteration)."""

    def __init__(self, loss, progress):
        self.loss, self.progress = loss, progress

    def __getattr__(self, name):
        return getattr(self.loss, name)

    def gradient(self, *args, **kw):
        self.progress(1)
        return self.loss.gradient(*args, **kw)

    def gradient_hessian(self, *args, **kw):
        self.progress(1)
        return self.loss.gradient_hessian(*args, **kw)


def _reweighted(estimator, settings: dict, x, y, seed: int, size: int, progress=None):
    """Asymmetric least squares: refit with overestimates weighted ``penalty`` times."""
    for _ in range(settings["rounds"]):
        weight = np.where(estimator.predict(x) > y, settings["penalty"], 1.0)
        if settings["estimator"] == "MLPRegressor":  # go on from the current weights
            estimator = copy.deepcopy(estimator)
            estimator.set_params(warm_start=True, max_iter=settings["round_epochs"],
                                 n_iter_no_change=settings["round_epochs"])  # fmt: skip
        else:
            estimator = _estimator(settings, seed, size)
        with _watched(estimator, progress):
            estimator.fit(x, y, sample_weight=weight)
    return estimator


def predict(estimator, x: np.ndarray) -> np.ndarray:
    """The model's estimates for features ``x``, on one thread.

    Parameters
    ----------
    estimator : object
        A fitted scikit-learn regressor.
    x : numpy.ndarray
        Features, one board per row (:func:`features`).

    Returns
    -------
    numpy.ndarray
        Moves, float32, one per row of ``x``.
    """
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        return np.asarray(estimator.predict(x), dtype=np.float32)
