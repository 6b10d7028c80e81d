// SPDX-License-Identifier: GPL-2.0-or-later
// Restated for Tidewatch's test kit from the ABI QuickSwap's interface-v2 reads Steer's vaults with
// (src/constants/abis/steer-vault.json at 8799993562503860a266feb3d8bf376acc80596a; README.md in the folder
// above). Not Steer's code (BUSL): our own Solidity with exactly that file's functions and events, behaving as
// Steer's QuickSwapMultiPositionLiquidityManager does for what a tracker reads and a user does.
pragma solidity 0.7.6;
pragma abicoder v2;

import '@openzeppelin/contracts/math/SafeMath.sol';
import '@openzeppelin/contracts/token/ERC20/IERC20.sol';
import '@openzeppelin/contracts/token/ERC20/SafeERC20.sol';
import '@openzeppelin/contracts/utils/ReentrancyGuard.sol';
import '@uniswap/v3-core/contracts/libraries/TickMath.sol';
import 'contracts/algebra/interfaces/IAlgebraPool.sol';
import '../common/AlgebraPositions.sol';
import '../common/ERC20Shares.sol';

/// @notice The part of Algebra's factory the vault asks for its pool.
interface IAlgebraPoolByPair {
    function poolByPair(address tokenA, address tokenB) external view returns (address pool);
}

/// @notice OpenZeppelin's AccessControlEnumerable (upgradeable, as Steer's vaults inherit it), restated: roles with
/// an admin role each, their members enumerable.
abstract contract SteerAccessControl {
    bytes32 public constant DEFAULT_ADMIN_ROLE = 0x00;

    struct RoleData {
        address[] members;
        mapping(address => uint256) position; // index in members + 1; 0 for not a member
        bytes32 adminRole;
    }

    mapping(bytes32 => RoleData) private _roles;

    event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole);
    event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender);
    event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender);

    modifier onlyRole(bytes32 role) {
        require(hasRole(role, msg.sender), 'AccessControl: account is missing role');
        _;
    }

    function hasRole(bytes32 role, address account) public view returns (bool) {
        return _roles[role].position[account] != 0;
    }

    function getRoleAdmin(bytes32 role) public view returns (bytes32) {
        return _roles[role].adminRole;
    }

    function getRoleMember(bytes32 role, uint256 index) public view returns (address) {
        return _roles[role].members[index];
    }

    function getRoleMemberCount(bytes32 role) public view returns (uint256) {
        return _roles[role].members.length;
    }

    function grantRole(bytes32 role, address account) public onlyRole(getRoleAdmin(role)) {
        _grantRole(role, account);
    }

    function revokeRole(bytes32 role, address account) public onlyRole(getRoleAdmin(role)) {
        _revokeRole(role, account);
    }

    function renounceRole(bytes32 role, address account) public {
        require(account == msg.sender, 'AccessControl: can only renounce roles for self');
        _revokeRole(role, account);
    }

    function _grantRole(bytes32 role, address account) internal {
        RoleData storage data = _roles[role];
        if (data.position[account] != 0) return;
        data.members.push(account);
        data.position[account] = data.members.length;
        emit RoleGranted(role, account, msg.sender);
    }

    function _revokeRole(bytes32 role, address account) internal {
        RoleData storage data = _roles[role];
        uint256 position = data.position[account];
        if (position == 0) return;
        address last = data.members[data.members.length - 1];
        data.members[position - 1] = last;
        data.position[last] = position;
        data.members.pop();
        delete data.position[account];
        emit RoleRevoked(role, account, msg.sender);
    }
}

/// @title Steer's multi-position vault on an Algebra (QuickSwap V3) pool, restated.
/// @notice ERC-20 shares (18 decimals) over idle tokens and any number of positions in one pool. Deposits stay idle
/// until the manager's next `tend`, which withdraws every position and places new ones, each taking its relative
/// weight of `totalWeight` / 10,000 of the vault's tokens. A withdrawal burns the shares' part of each position's
/// liquidity and pays it with the shares' part of the idle tokens. Of the fees the positions earn, TOTAL_FEE
/// (15 %) is kept for Steer and the strategist (two thirds and one third) and the rest belongs to the holders.
/// Simplified against Steer's contract: `tend` does not check the price against a TWAP (maxTickChange and
/// twapInterval are stored and read back only); the vault is deployed directly (not behind a proxy); Steer's
/// own fee accounting is kept but its orchestrator and vault registry are not (the manager is a plain role).
contract SteerVault is SteerAccessControl, ERC20Shares, ReentrancyGuard {
    using SafeMath for uint256;
    using SafeERC20 for IERC20;

    struct LiquidityPositions {
        int24[] lowerTick;
        int24[] upperTick;
        uint16[] relativeWeight;
    }

    bytes32 internal constant MANAGER_ROLE = keccak256('MANAGER_ROLE');
    bytes32 internal constant STEER_ROLE = keccak256('STEER_ROLE');
    uint256 internal constant FEE_DIVISOR = 100_00;
    uint256 internal constant TOTAL_WEIGHT_MAX = 100_00;
    /// @notice Part of the positions' fees taken (of FEE_DIVISOR), and Steer's part of that (the strategist has the rest).
    uint256 public constant TOTAL_FEE = 15_00;
    uint256 public constant STEER_FRACTION_OF_FEE = 66_67;

    // The Algebra factory whose pool of (token0, token1) the vault manages. Steer's QuickSwap vaults have
    // QuickSwap's factory as a constant; here it is given at deployment.
    address internal immutable algebraFactory;

    IAlgebraPool public pool;
    IERC20 public token0;
    IERC20 public token1;
    int24 public maxTickChange;
    uint32 public twapInterval;
    bool public paused;
    bool private initialized;
    // True only between `pool.mint` and the pool's callback.
    bool private mintCalled;
    uint256 public accruedSteerFees0;
    uint256 public accruedSteerFees1;
    uint256 public accruedStrategistFees0;
    uint256 public accruedStrategistFees1;
    LiquidityPositions internal positions;

    event Deposit(address indexed sender, address indexed to, uint256 shares, uint256 amount0, uint256 amount1);
    event Withdraw(address indexed sender, address indexed to, uint256 shares, uint256 amount0, uint256 amount1);
    event FeesEarned(uint256 amount0Earned, uint256 amount1Earned);
    event Snapshot(uint160 sqrtPriceX96, uint256 totalAmount0, uint256 totalAmount1, uint256 totalSupply);
    event Paused(address account);
    event Unpaused(address account);

    modifier whenNotPaused() {
        require(!paused, 'Pausable: paused');
        _;
    }

    constructor(address _algebraFactory) {
        algebraFactory = _algebraFactory;
    }

    /// @param _vaultManager Given MANAGER_ROLE: it tends the vault and collects the strategist's fees.
    /// @param _steer Given DEFAULT_ADMIN_ROLE and STEER_ROLE: pause, emergencyBurn, Steer's fees.
    /// @param _params abi.encode(address token0, address token1, int24 maxTickChange, uint32 twapInterval), as
    /// Steer's QuickSwap vaults take them.
    function initialize(address _vaultManager, address, address _steer, bytes memory _params) external {
        require(!initialized, 'Initializable: contract is already initialized');
        initialized = true;
        (address _token0, address _token1, int24 _maxTickChange, uint32 _twapInterval) =
            abi.decode(_params, (address, address, int24, uint32));
        require(_token0 < _token1, 'token order');
        address _pool = IAlgebraPoolByPair(algebraFactory).poolByPair(_token0, _token1);
        require(_pool != address(0), 'no pool');
        pool = IAlgebraPool(_pool);
        token0 = IERC20(_token0);
        token1 = IERC20(_token1);
        maxTickChange = _maxTickChange;
        twapInterval = _twapInterval;
        _setNameAndSymbol('Steer Algebra Vault LP', 'STEERAV');
        _grantRole(DEFAULT_ADMIN_ROLE, _steer);
        _grantRole(STEER_ROLE, _steer);
        _grantRole(MANAGER_ROLE, _vaultManager);
    }

    function supportsInterface(bytes4 interfaceId) external view returns (bool) {
        // ERC-165, IAccessControl, IAccessControlEnumerable.
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x7965db0b || interfaceId == 0x5a05180f;
    }

    // ---- Views ----

    /// @notice The positions the last `tend` placed: lower ticks, upper ticks and relative weights.
    function getPositions() external view returns (int24[] memory, int24[] memory, uint16[] memory) {
        return (positions.lowerTick, positions.upperTick, positions.relativeWeight);
    }

    /// @notice The holders' tokens: idle ones (less the fees kept for Steer and the strategist), each position's
    /// amounts at the pool's price, and what the pool owes the positions (fees as of their last poke) less the part
    /// of it kept as fees.
    function getTotalAmounts() public view returns (uint256 total0, uint256 total1) {
        total0 = _idle0();
        total1 = _idle1();
        uint256 owed0;
        uint256 owed1;
        uint256 count = positions.lowerTick.length;
        for (uint256 i; i != count; ++i) {
            int24 lower = positions.lowerTick[i];
            int24 upper = positions.upperTick[i];
            (uint128 liquidity, uint128 fees0, uint128 fees1) = AlgebraPositions.read(pool, address(this), lower, upper);
            (uint256 amount0, uint256 amount1) = AlgebraPositions.amountsForLiquidity(pool, lower, upper, liquidity);
            total0 = total0.add(amount0);
            total1 = total1.add(amount1);
            owed0 = owed0.add(fees0);
            owed1 = owed1.add(fees1);
        }
        total0 = total0.add(owed0.sub(owed0.mul(TOTAL_FEE) / FEE_DIVISOR));
        total1 = total1.add(owed1.sub(owed1.mul(TOTAL_FEE) / FEE_DIVISOR));
    }

    // ---- Holders ----

    /// @notice Deposits at most the desired amounts in the ratio of the vault's holdings (the first deposit sets
    /// it), for shares minted to `to`. The tokens stay idle until the next `tend`.
    function deposit(uint256 amount0Desired, uint256 amount1Desired, uint256 amount0Min, uint256 amount1Min, address to)
        external
        nonReentrant
        whenNotPaused
        returns (uint256 shares, uint256 amount0Used, uint256 amount1Used)
    {
        require(to != address(0) && to != address(this), 'to');
        poke();
        (shares, amount0Used, amount1Used) = _sharesAndAmounts(amount0Desired, amount1Desired);
        require(shares != 0, '0');
        require(amount0Used >= amount0Min && amount1Used >= amount1Min, '0');
        if (amount0Used != 0) token0.safeTransferFrom(msg.sender, address(this), amount0Used);
        if (amount1Used != 0) token1.safeTransferFrom(msg.sender, address(this), amount1Used);
        _mint(to, shares);
        emit Deposit(msg.sender, to, shares, amount0Used, amount1Used);
    }

    /// @notice Burns `shares` for their part of each position's liquidity and of the idle tokens, paid to `to`.
    /// The positions' fees are collected into the vault first, so the idle part includes their share of them.
    function withdraw(uint256 shares, uint256 amount0Min, uint256 amount1Min, address to)
        external
        nonReentrant
        returns (uint256 amount0, uint256 amount1)
    {
        require(shares != 0, '0');
        require(to != address(0), 'to');
        uint256 supply = totalSupply();
        _burn(msg.sender, shares);
        _collectFees();
        // The shares' part of the idle tokens (the positions' fees just collected included), paid by the vault.
        uint256 idle0 = _idle0().mul(shares) / supply;
        uint256 idle1 = _idle1().mul(shares) / supply;
        (amount0, amount1) = _burnShareOfPositions(shares, supply, to);
        if (idle0 != 0) token0.safeTransfer(to, idle0);
        if (idle1 != 0) token1.safeTransfer(to, idle1);
        amount0 = amount0.add(idle0);
        amount1 = amount1.add(idle1);
        require(amount0 >= amount0Min && amount1 >= amount1Min, 'slippage');
        emit Withdraw(msg.sender, to, shares, amount0, amount1);
    }

    /// @notice Updates what the pool owes each position (its fees) without collecting it.
    function poke() public {
        uint256 count = positions.lowerTick.length;
        for (uint256 i; i != count; ++i) {
            (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), positions.lowerTick[i], positions.upperTick[i]);
            if (liquidity != 0) pool.burn(positions.lowerTick[i], positions.upperTick[i], 0);
        }
    }

    // ---- Manager, Steer ----

    /// @notice Withdraws every position (fees collected), swaps if asked, then places `newPositions`: together they
    /// take `totalWeight` / 10,000 of the vault's tokens, each its relativeWeight's part of that.
    /// @param timeSensitiveData abi.encode(int256 swapAmount, uint160 sqrtPriceLimitX96): swapAmount > 0 sells that
    /// much token0, < 0 sells -swapAmount of token1 (exact input); 0 for no swap.
    function tend(uint256 totalWeight, LiquidityPositions memory newPositions, bytes calldata timeSensitiveData)
        external
        nonReentrant
        onlyRole(MANAGER_ROLE)
        whenNotPaused
    {
        require(totalWeight <= TOTAL_WEIGHT_MAX, 'weight');
        uint256 count = newPositions.lowerTick.length;
        require(newPositions.upperTick.length == count && newPositions.relativeWeight.length == count, 'lengths');
        (int256 swapAmount, uint160 sqrtPriceLimitX96) = abi.decode(timeSensitiveData, (int256, uint160));
        _burnAll();
        if (swapAmount != 0) _swap(swapAmount, sqrtPriceLimitX96);

        _placePositions(totalWeight, newPositions);
        positions = newPositions;
        (uint160 sqrtPriceX96, ) = AlgebraPositions.price(pool);
        (uint256 total0, uint256 total1) = getTotalAmounts();
        emit Snapshot(sqrtPriceX96, total0, total1, totalSupply());
    }

    /// @notice Burns liquidity of one range and collects all the pool owes it into the vault.
    function emergencyBurn(int24 tickLower, int24 tickUpper, uint128 liquidity)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
        returns (uint256 amount0, uint256 amount1)
    {
        (amount0, amount1) = pool.burn(tickLower, tickUpper, liquidity);
        pool.collect(address(this), tickLower, tickUpper, type(uint128).max, type(uint128).max);
    }

    function steerCollectFees(uint256 amount0, uint256 amount1, address to) external onlyRole(STEER_ROLE) {
        accruedSteerFees0 = accruedSteerFees0.sub(amount0);
        accruedSteerFees1 = accruedSteerFees1.sub(amount1);
        if (amount0 != 0) token0.safeTransfer(to, amount0);
        if (amount1 != 0) token1.safeTransfer(to, amount1);
    }

    function strategistCollectFees(uint256 amount0, uint256 amount1, address to) external onlyRole(MANAGER_ROLE) {
        accruedStrategistFees0 = accruedStrategistFees0.sub(amount0);
        accruedStrategistFees1 = accruedStrategistFees1.sub(amount1);
        if (amount0 != 0) token0.safeTransfer(to, amount0);
        if (amount1 != 0) token1.safeTransfer(to, amount1);
    }

    function pause() external onlyRole(STEER_ROLE) {
        require(!paused, 'Pausable: paused');
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyRole(STEER_ROLE) {
        require(paused, 'Pausable: not paused');
        paused = false;
        emit Unpaused(msg.sender);
    }

    // ---- Pool callbacks ----

    function algebraMintCallback(uint256 amount0, uint256 amount1, bytes calldata) external {
        require(msg.sender == address(pool) && mintCalled, 'callback');
        mintCalled = false;
        if (amount0 != 0) token0.safeTransfer(msg.sender, amount0);
        if (amount1 != 0) token1.safeTransfer(msg.sender, amount1);
    }

    function algebraSwapCallback(int256 amount0Wanted, int256 amount1Wanted, bytes calldata) external {
        require(msg.sender == address(pool), 'callback');
        if (amount0Wanted > 0) token0.safeTransfer(msg.sender, uint256(amount0Wanted));
        if (amount1Wanted > 0) token1.safeTransfer(msg.sender, uint256(amount1Wanted));
    }

    // ---- Internal ----

    function _idle0() internal view returns (uint256) {
        return token0.balanceOf(address(this)).sub(accruedSteerFees0).sub(accruedStrategistFees0);
    }

    function _idle1() internal view returns (uint256) {
        return token1.balanceOf(address(this)).sub(accruedSteerFees1).sub(accruedStrategistFees1);
    }

    /// @notice Charm's Alpha Vault formula, which Steer's vaults use: the first deposit takes both amounts for
    /// max(amount0, amount1) shares; later ones the most of both in the holdings' ratio (rounded up), for shares
    /// pro rata.
    function _sharesAndAmounts(uint256 amount0Desired, uint256 amount1Desired)
        internal
        view
        returns (uint256 shares, uint256 amount0Used, uint256 amount1Used)
    {
        uint256 supply = totalSupply();
        (uint256 total0, uint256 total1) = getTotalAmounts();
        if (supply == 0) {
            (amount0Used, amount1Used) = (amount0Desired, amount1Desired);
            shares = amount0Used > amount1Used ? amount0Used : amount1Used;
        } else if (total0 == 0) {
            amount1Used = amount1Desired;
            shares = amount1Used.mul(supply) / total1;
        } else if (total1 == 0) {
            amount0Used = amount0Desired;
            shares = amount0Used.mul(supply) / total0;
        } else {
            uint256 cross0 = amount0Desired.mul(total1);
            uint256 cross1 = amount1Desired.mul(total0);
            uint256 cross = cross0 < cross1 ? cross0 : cross1;
            require(cross != 0, 'cross');
            amount0Used = (cross - 1) / total1 + 1;
            amount1Used = (cross - 1) / total0 + 1;
            shares = cross.mul(supply) / total0 / total1;
        }
    }

    /// @notice Collects every position's fees into the vault (burn 0, collect) and keeps TOTAL_FEE of them.
    function _collectFees() internal {
        uint256 count = positions.lowerTick.length;
        uint256 fees0;
        uint256 fees1;
        for (uint256 i; i != count; ++i) {
            int24 lower = positions.lowerTick[i];
            int24 upper = positions.upperTick[i];
            (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), lower, upper);
            if (liquidity != 0) pool.burn(lower, upper, 0);
            (uint128 collected0, uint128 collected1) =
                pool.collect(address(this), lower, upper, type(uint128).max, type(uint128).max);
            fees0 = fees0.add(collected0);
            fees1 = fees1.add(collected1);
        }
        _creditFees(fees0, fees1);
    }

    /// @notice Burns every position whole and collects all into the vault; what exceeds the burned amounts is fees.
    function _burnAll() internal {
        uint256 count = positions.lowerTick.length;
        uint256 fees0;
        uint256 fees1;
        for (uint256 i; i != count; ++i) {
            int24 lower = positions.lowerTick[i];
            int24 upper = positions.upperTick[i];
            (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), lower, upper);
            (uint256 burned0, uint256 burned1) = liquidity != 0 ? pool.burn(lower, upper, liquidity) : (0, 0);
            (uint128 collected0, uint128 collected1) =
                pool.collect(address(this), lower, upper, type(uint128).max, type(uint128).max);
            fees0 = fees0.add(uint256(collected0).sub(burned0));
            fees1 = fees1.add(uint256(collected1).sub(burned1));
        }
        _creditFees(fees0, fees1);
    }

    function _creditFees(uint256 fees0, uint256 fees1) internal {
        if (fees0 == 0 && fees1 == 0) return;
        uint256 taken0 = fees0.mul(TOTAL_FEE) / FEE_DIVISOR;
        uint256 taken1 = fees1.mul(TOTAL_FEE) / FEE_DIVISOR;
        uint256 steer0 = taken0.mul(STEER_FRACTION_OF_FEE) / FEE_DIVISOR;
        uint256 steer1 = taken1.mul(STEER_FRACTION_OF_FEE) / FEE_DIVISOR;
        accruedSteerFees0 = accruedSteerFees0.add(steer0);
        accruedSteerFees1 = accruedSteerFees1.add(steer1);
        accruedStrategistFees0 = accruedStrategistFees0.add(taken0 - steer0);
        accruedStrategistFees1 = accruedStrategistFees1.add(taken1 - steer1);
        emit FeesEarned(fees0, fees1);
    }

    /// @notice Burns `shares` / `supply` of each position's liquidity; the pool pays what it frees straight to `to`.
    function _burnShareOfPositions(uint256 shares, uint256 supply, address to)
        internal
        returns (uint256 amount0, uint256 amount1)
    {
        uint256 count = positions.lowerTick.length;
        for (uint256 i; i != count; ++i) {
            int24 lower = positions.lowerTick[i];
            int24 upper = positions.upperTick[i];
            (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), lower, upper);
            uint128 burned = _toUint128(uint256(liquidity).mul(shares) / supply);
            if (burned == 0) continue;
            (uint256 burned0, uint256 burned1) = pool.burn(lower, upper, burned);
            if (burned0 != 0 || burned1 != 0) pool.collect(to, lower, upper, _toUint128(burned0), _toUint128(burned1));
            amount0 = amount0.add(burned0);
            amount1 = amount1.add(burned1);
        }
    }

    /// @notice Mints each new position from the idle tokens: `totalWeight` / 10,000 of them shared by relative weight.
    function _placePositions(uint256 totalWeight, LiquidityPositions memory newPositions) internal {
        uint256 count = newPositions.lowerTick.length;
        int24 spacing = pool.tickSpacing();
        uint256 weights;
        for (uint256 i; i != count; ++i) {
            require(
                newPositions.lowerTick[i] < newPositions.upperTick[i] &&
                    newPositions.lowerTick[i] % spacing == 0 &&
                    newPositions.upperTick[i] % spacing == 0,
                'ticks'
            );
            weights = weights.add(newPositions.relativeWeight[i]);
        }
        uint256 available0 = _idle0().mul(totalWeight) / TOTAL_WEIGHT_MAX;
        uint256 available1 = _idle1().mul(totalWeight) / TOTAL_WEIGHT_MAX;
        for (uint256 i; i != count && weights != 0; ++i) {
            uint256 amount0 = available0.mul(newPositions.relativeWeight[i]) / weights;
            uint256 amount1 = available1.mul(newPositions.relativeWeight[i]) / weights;
            uint128 liquidity = AlgebraPositions.liquidityForAmounts(
                pool,
                newPositions.lowerTick[i],
                newPositions.upperTick[i],
                amount0,
                amount1
            );
            if (liquidity == 0) continue;
            mintCalled = true;
            pool.mint(address(this), address(this), newPositions.lowerTick[i], newPositions.upperTick[i], liquidity, '');
        }
    }

    function _swap(int256 swapAmount, uint160 sqrtPriceLimitX96) internal {
        bool zeroForOne = swapAmount > 0;
        if (sqrtPriceLimitX96 == 0)
            sqrtPriceLimitX96 = zeroForOne ? TickMath.MIN_SQRT_RATIO + 1 : TickMath.MAX_SQRT_RATIO - 1;
        pool.swap(address(this), zeroForOne, zeroForOne ? swapAmount : -swapAmount, sqrtPriceLimitX96, '');
    }

    function _toUint128(uint256 x) internal pure returns (uint128) {
        require(x <= type(uint128).max, 'uint128');
        return uint128(x);
    }
}
